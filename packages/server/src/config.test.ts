import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://./data/db',
      PUBLIC_URL: 'http://localhost:3000',
      MAIL_FROM: 'testbed-portal@localhost',
      CAPTCHA: 'altcha',
      LOG_LEVEL: 'info',
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.TESTBED_CONFIG).toBeUndefined();
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
});
