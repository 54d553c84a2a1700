import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, SECRET_SETTINGS } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://data/db',
      PUBLIC_URL: 'http://localhost:3000',
      MAIL_FROM: 'testbed-portal@localhost',
      CAPTCHA: 'altcha',
      LOG_LEVEL: 'info',
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.TESTBED_CONFIG).toBeUndefined();
  });

  it('keeps the embedded database in DATA_DIR unless DATABASE_URL names one', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal-2' }).DATABASE_URL).toBe('pglite:///srv/portal-2/db');
    expect(loadConfig({ DATA_DIR: '/srv/portal-2', DATABASE_URL: 'postgres://db.example.org/portal' }).DATABASE_URL).toBe('postgres://db.example.org/portal');
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.org/' }).PUBLIC_URL).toBe('https://portal.example.org');
  });

  it('stops with a message naming every wrong variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'not a url', LOG_LEVEL: 'loud', JWT_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL', 'JWT_SECRET']) expect(message).toContain(name);
  });

  it('counts the request limits in Redis only for a redis:// or rediss:// REDIS_URL', () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' })).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_KEY_PREFIX: 'testbed-portal:' });
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('asks for keys when a third-party captcha is chosen', () => {
    expect(() => loadConfig({ CAPTCHA: 'turnstile' })).toThrow(/CAPTCHA_SITE_KEY/);
    expect(loadConfig({ CAPTCHA: 'turnstile', CAPTCHA_SITE_KEY: 'k', CAPTCHA_SECRET: 's' }).CAPTCHA).toBe('turnstile');
  });

  it('reads the drain and the statement limit in seconds, and refuses what is not one', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_DRAIN_SECONDS: 0, DATABASE_STATEMENT_TIMEOUT_SECONDS: 30 });
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '10', DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' })).toMatchObject({
      SHUTDOWN_DRAIN_SECONDS: 10,
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 0,
    });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_SECONDS/);
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const where = path.join(folder, name);
    writeFileSync(where, text, { mode: 0o600 });
    return where;
  };

  it('reads each secret setting from its file, without the final line break', () => {
    const config = loadConfig({
      JWT_SECRET_FILE: file('jwt', 'j'.repeat(40) + '\n'),
      DATABASE_URL_FILE: file('db', 'postgres://portal:db-pass@db.example.org/portal\r\n'),
      SMTP_URL_FILE: file('smtp', 'smtp://mailer:smtp-pass@relay.example.org:587'),
      ADMIN_PASSWORD_FILE: file('admin', 'Admin#Pass2026\n'),
      METRICS_TOKEN_FILE: file('metrics', 'scrape-token-0123456789\n'),
      CAPTCHA: 'turnstile',
      CAPTCHA_SITE_KEY: 'site',
      CAPTCHA_SECRET_FILE: file('captcha', 'captcha-secret\n'),
    });
    expect(config).toMatchObject({
      JWT_SECRET: 'j'.repeat(40),
      DATABASE_URL: 'postgres://portal:db-pass@db.example.org/portal',
      SMTP_URL: 'smtp://mailer:smtp-pass@relay.example.org:587',
      ADMIN_PASSWORD: 'Admin#Pass2026',
      METRICS_TOKEN: 'scrape-token-0123456789',
      CAPTCHA_SECRET: 'captcha-secret',
    });
  });

  it('checks a value read from a file like one given directly', () => {
    expect(() => loadConfig({ JWT_SECRET_FILE: file('short', 'short\n') })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('stops when the file is missing or empty, or when both forms are given, naming the variable', () => {
    const missing = path.join(folder, 'nowhere');
    expect(() => loadConfig({ JWT_SECRET_FILE: missing })).toThrow(new RegExp(`JWT_SECRET_FILE: cannot read ${missing} \\(ENOENT\\)`));
    expect(() => loadConfig({ METRICS_TOKEN_FILE: file('empty', '\n') })).toThrow(/METRICS_TOKEN_FILE: .* is empty/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'x', ADMIN_PASSWORD_FILE: file('both', 'y') })).toThrow(/ADMIN_PASSWORD_FILE: ADMIN_PASSWORD is set too/);
    // Every problem at once, the files' and the values'.
    expect(() => loadConfig({ JWT_SECRET_FILE: missing, PORT: 'eighty' })).toThrow(/JWT_SECRET_FILE[\s\S]*PORT/);
  });
});

describe('describeConfig', () => {
  it('hides every secret and the passwords of URLs, and shows the rest', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://portal:db-pass@db.example.org:5432/portal?sslpassword=ssl-pass',
      SMTP_URL: 'smtp://mailer:smtp-pass@relay.example.org:587',
      JWT_SECRET: 'j'.repeat(40),
      ADMIN_PASSWORD: 'Admin#Pass2026',
      METRICS_TOKEN: 'scrape-token-0123456789',
      CAPTCHA: 'turnstile',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET: 'captcha-secret',
      REDIS_URL: 'redis://:redis-pass@cache.example.org:6379/0',
      PORT: '3001',
    });
    const shown = describeConfig(config);
    const text = JSON.stringify(shown);
    for (const secret of ['db-pass', 'ssl-pass', 'smtp-pass', 'jjjjjjjj', 'Admin#Pass2026', 'scrape-token', 'captcha-secret', 'redis-pass']) expect(text).not.toContain(secret);
    expect(shown).toMatchObject({
      DATABASE_URL: 'postgres://portal:hidden@db.example.org:5432/portal?sslpassword=hidden',
      SMTP_URL: 'smtp://mailer:hidden@relay.example.org:587',
      JWT_SECRET: '[hidden]',
      METRICS_TOKEN: '[hidden]',
      REDIS_URL: 'redis://:hidden@cache.example.org:6379/0',
      PORT: 3001,
      CAPTCHA_SITE_KEY: 'site-key',
    });
    expect(SECRET_SETTINGS.every((name) => name in shown)).toBe(true);
  });
});
