// The first administrator: from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD, or created with a random
// password that is printed once, so that a fresh install can be signed into at once.
import { randomBytes } from 'node:crypto';
import { PASSWORD_PATTERN, USERNAME_PATTERN } from '@testbed/contract';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { ConfigError } from './config.js';
import { hashPassword } from './security/passwords.js';
import { countAdmins, insertUser } from './modules/users/repo.js';
import { recordAudit } from './db/audit-writer.js';

export interface BootstrapResult {
  created: boolean;
  username?: string;
  /** Set only when the password was generated here; the caller prints it once. */
  generatedPassword?: string;
}

function generatePassword(): string {
  // base64url plus a fixed tail guarantees every class of the password rule.
  return `${randomBytes(12).toString('base64url')}-Aa1`;
}

export async function ensureFirstAdmin(db: Db, config: Config): Promise<BootstrapResult> {
  const username = config.ADMIN_USERNAME ?? 'admin';
  const email = config.ADMIN_EMAIL ?? 'admin@localhost';
  const problems: string[] = [];
  if (!USERNAME_PATTERN.test(username)) problems.push('ADMIN_USERNAME: not a valid username');
  if (config.ADMIN_PASSWORD !== undefined && !PASSWORD_PATTERN.test(config.ADMIN_PASSWORD)) {
    problems.push('ADMIN_PASSWORD: does not follow the password rule');
  }
  if (problems.length) throw new ConfigError(problems);

  return db.transaction().execute(async (tx) => {
    // Serialises instances starting together on one database.
    await tx.selectFrom('roles').select('id').where('name', '=', 'ADMIN').forUpdate().execute();
    if ((await countAdmins(tx)) > 0) return { created: false };
    const password = config.ADMIN_PASSWORD ?? generatePassword();
    const now = new Date();
    const id = await insertUser(
      tx,
      {
        username,
        email,
        firstname: 'Testbed',
        lastname: 'Administrator',
        password_hash: await hashPassword(password),
        is_enabled: true,
        email_verified_at: now,
        approved_date: now,
        last_validation_date: now,
      },
      ['ADMIN', 'USER'],
    );
    await recordAudit(tx, { actorUserId: null, action: 'admin.bootstrap', targetType: 'user', targetId: id });
    return { created: true, username, generatedPassword: config.ADMIN_PASSWORD ? undefined : password };
  });
}
