// Configuration is read once at boot from the environment (DESIGN.md section 5) and a wrong value stops
// the start with the list of what is wrong.
import { isIP } from 'node:net';
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
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('pglite://./data/db')
        .refine((url) => /^(postgres|postgresql|pglite):\/\/.+/.test(url), {
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
    /** Consecutive failed flashes after which a device is quarantined. */
    DEVICE_QUARANTINE_FAILURES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(3)),
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
export interface Config extends Omit<Env, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return { ...value, PUBLIC_URL: publicUrl };
}
