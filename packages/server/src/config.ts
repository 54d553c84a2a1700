// Configuration is read once at boot from the environment (README.md, Configuration) and a wrong value stops
// the start with the list of what is wrong.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const captchas = ['altcha', 'recaptcha', 'hcaptcha', 'turnstile'] as const;

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** A list of IP addresses and CIDR networks separated by commas. */
const addressList = (fallback: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .transform((list) => list.split(',').map((entry) => entry.trim()).filter(Boolean))
      .refine((entries) => entries.every(isAddressOrNetwork), { message: 'must list IP addresses or CIDR networks, separated by commas' }),
  );

const envSchema = z
  .object({
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
    /** Unset: the embedded database in DATA_DIR/db. */
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .optional()
        .refine((url) => url === undefined || /^(postgres|postgresql|pglite):\/\/.+/.test(url), {
          message: 'must be postgres://..., pglite://PATH or pglite://memory',
        }),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('testbed-portal@localhost')),
    JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_USERNAME: optionalString,
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    TESTBED_CONFIG: optionalString,
    CAPTCHA: z.preprocess(emptyToUndefined, z.enum(captchas).default('altcha')),
    CAPTCHA_SITE_KEY: optionalString,
    CAPTCHA_SECRET: optionalString,
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(logLevels).default('info')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    METRICS_ALLOW: addressList('127.0.0.1,::1'),
    TRUST_PROXY: addressList(''),
    FLASH_LEASE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).max(600).default(30)),
    /** Days the log of a finished flash job is kept. */
    FLASH_LOG_RETENTION_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(90)),
    /** Progress streams of flash jobs a user may hold open at once, over all instances. */
    FLASH_STREAMS_PER_USER: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(60)),
    /** Bytes of images a user, or a group, may keep when no administrator set its own quota (default 10 GiB). */
    IMAGE_QUOTA_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(10 * 1024 ** 3)),
    /** Consecutive failed flashes after which a device is quarantined. */
    DEVICE_QUARANTINE_FAILURES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(3)),
    /**
     * Seconds an instance keeps serving after SIGTERM with readiness at 503 and `Connection: close` on its replies,
     * so that the proxy has stopped sending it work before it closes.
     */
    SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(300).default(0)),
    /** The longest a database statement of a request may run before PostgreSQL cancels it (0: no limit). */
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(3600).default(30)),
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    /** Where the request limits count when set; otherwise in the database. */
    REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
    /** Put before every key of the portal in Redis, so that one Redis can serve several portals. */
    REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(100).default('testbed-portal:')),
  })
  .superRefine((env, ctx) => {
    if (env.CAPTCHA !== 'altcha' && (!env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA'], message: `${env.CAPTCHA} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET` });
    }
  });

export type Env = z.infer<typeof envSchema>;
export interface Config extends Omit<Env, 'PUBLIC_URL' | 'DATABASE_URL'> {
  PUBLIC_URL: string;
  DATABASE_URL: string;
}

/** The embedded database's place when DATABASE_URL does not name one: a folder `db` in the data folder. */
export function embeddedDatabaseUrl(dataDir: string): string {
  return `pglite://${path.join(dataDir, 'db')}`;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The settings that hold a secret (a password, possibly inside a URL). Each may also be given as the path of
 * a file that holds it, `<NAME>_FILE` (systemd's LoadCredential, a container's secret mount), so that the
 * secret stays out of the environment, which other processes of the user and crash reports can read. The
 * start line of the log shows them hidden (describeConfig).
 */
export const SECRET_SETTINGS = ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'ADMIN_PASSWORD', 'CAPTCHA_SECRET', 'METRICS_TOKEN', 'REDIS_URL'] as const;

/** The environment with each `<NAME>_FILE` read into `<NAME>`, and what was wrong on the way. */
function withSecretFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const merged = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`${name}_FILE: ${name} is set too; give one of them`);
      continue;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      continue;
    }
    // Editors and `echo` end the file with a line break, which is not part of the secret.
    const value = text.replace(/\r?\n$/, '');
    if (value.trim() === '') problems.push(`${name}_FILE: ${file} is empty`);
    else merged[name] = value;
  }
  return { env: merged, problems };
}

export function loadConfig(given: NodeJS.ProcessEnv = process.env): Config {
  const { env, problems } = withSecretFiles(given);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success || problems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError([...problems, ...issues]);
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return { ...value, PUBLIC_URL: publicUrl, DATABASE_URL: value.DATABASE_URL ?? embeddedDatabaseUrl(value.DATA_DIR) };
}

/**
 * The configuration as the log may show it: every secret setting that is set reads `[hidden]`, except that a
 * URL keeps everything but its password (which database, which mail relay is useful to read).
 */
export function describeConfig(config: Config): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...config };
  for (const name of SECRET_SETTINGS) {
    const value = config[name];
    if (value === undefined) continue;
    shown[name] = name.endsWith('_URL') ? hidePassword(value) : '[hidden]';
  }
  return shown;
}

function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = 'hidden';
    // Query parameters of a database URL may carry a password too (?password=...).
    for (const key of [...parsed.searchParams.keys()]) if (/pass|secret|token|key/i.test(key)) parsed.searchParams.set(key, 'hidden');
    return parsed.toString();
  } catch {
    return '[hidden]';
  }
}
