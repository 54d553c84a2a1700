import { afterEach, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from './bootstrap-admin.js';
import { loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { verifyPassword } from './security/passwords.js';
import { openTestDatabase } from '../test/helper.js';

let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  await dispose?.();
  dispose = undefined;
});

async function freshDb() {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  return opened.database.db;
}

describe('first administrator', () => {
  it('is created once with a generated password that signs in', async () => {
    const db = await freshDb();
    const first = await ensureFirstAdmin(db, loadConfig({}));
    expect(first).toMatchObject({ created: true, username: 'admin' });
    expect(first.generatedPassword).toMatch(/^\S{8,}$/);
    const row = await db.selectFrom('users').select(['password_hash', 'is_enabled']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.is_enabled).toBe(true);
    expect(await verifyPassword(row.password_hash, first.generatedPassword!)).toBe(true);

    const second = await ensureFirstAdmin(db, loadConfig({}));
    expect(second).toEqual({ created: false });
  });

  it('takes ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD and prints no password', async () => {
    const db = await freshDb();
    const result = await ensureFirstAdmin(
      db,
      loadConfig({ ADMIN_USERNAME: 'root_admin', ADMIN_EMAIL: 'ops@example.org', ADMIN_PASSWORD: 'Given#Pass1' }),
    );
    expect(result).toEqual({ created: true, username: 'root_admin', generatedPassword: undefined });
    const row = await db.selectFrom('users').select(['email']).where('username', '=', 'root_admin').executeTakeFirstOrThrow();
    expect(row.email).toBe('ops@example.org');
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rule, naming the variable', async () => {
    const db = await freshDb();
    await expect(ensureFirstAdmin(db, loadConfig({ ADMIN_PASSWORD: 'weak' }))).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('migrations are applied once: a second run applies nothing', async () => {
    const db = await freshDb();
    expect(await migrate(db)).toEqual([]);
  });
});
