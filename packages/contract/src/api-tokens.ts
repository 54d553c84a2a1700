// Personal API tokens: named, scoped, expiring bearer tokens with which a user's scripts and the command-line
// client call the API. A token is shown once when created; the server keeps only its SHA-256.
import * as z from 'zod/mini';
import { entityIdSchema } from './input.js';
import { required } from './rules.js';
import { accountNamesShape } from './user-summary.js';

/** Every personal API token starts with this, which tells it apart from a sign-in token (a JWT). */
export const API_TOKEN_PREFIX = 'tbp_';
/** `tbp_` then 43 characters of base64url: 256 random bits. */
export const API_TOKEN_PATTERN = /^tbp_[A-Za-z0-9_-]{43}$/;

/**
 * `read`: every read a signed-in user may make (devices, reservations, flash jobs ...).
 * `read+book+flash`: also book, release and delete reservations, flash devices and follow them.
 * No token, whatever its scope, reaches account security (password, e-mail, deletion, SSH keys, profile)
 * or the token calls themselves, nor the administrators' changes.
 */
export const API_TOKEN_SCOPES = ['read', 'read+book+flash'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Whether a token of scope `held` may make a call that needs `needed`. */
export function scopeAllows(held: ApiTokenScope, needed: ApiTokenScope): boolean {
  return held === 'read+book+flash' || needed === 'read';
}

export const API_TOKEN_NAME_MAX = 100;
/** Tokens in force (neither revoked nor expired) a user may hold at once. */
export const API_TOKEN_MAX_ACTIVE = 50;
export const API_TOKEN_MAX_DAYS = 365;
/** The lifetimes offered by the profile screen; the API takes any whole number of days up to a year. */
export const API_TOKEN_DAY_CHOICES = [7, 30, 90, 365] as const;

const idSchema = entityIdSchema;
export const apiTokenIdParamsSchema = z.object({ id: idSchema });
export const apiTokenUserParamsSchema = z.object({ userId: idSchema });

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: required('Name') })
    .check(
      z.trim(),
      z.minLength(1, required('Name')),
      z.maxLength(API_TOKEN_NAME_MAX, `The name is at most ${API_TOKEN_NAME_MAX} characters long.`),
    ),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'The scope is read or read+book+flash.' }),
  // A JSON number: `true` or `"30"` is not a lifetime.
  expiresInDays: z
    .number({ error: 'The lifetime is a number of days.' })
    .check(
      z.int('The lifetime is a whole number of days.'),
      z.gte(1, 'The lifetime is at least 1 day.'),
      z.lte(API_TOKEN_MAX_DAYS, `The lifetime is at most ${API_TOKEN_MAX_DAYS} days (one year).`),
    ),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

export const apiTokenStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiTokenStatus = z.infer<typeof apiTokenStatusSchema>;

export const apiTokenSchema = z.object({
  tokenId: z.int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  /** Who ended it: its owner, an administrator, or the account (password changed, disabled, deleted). */
  revokedReason: z.nullable(z.enum(['user', 'admin', 'account'])),
  status: apiTokenStatusSchema,
  user: z.object(accountNamesShape),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** The reply of a creation: the only time the token itself is ever shown. */
export const createApiTokenReplySchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
export type CreateApiTokenReply = z.infer<typeof createApiTokenReplySchema>;

export const apiTokenMessages = {
  NOT_FOUND: 'API token not found.',
  ACCOUNT_DELETED: 'This account has been deleted: no API token can be created for it.',
  TOO_MANY: `You already have ${API_TOKEN_MAX_ACTIVE} API tokens in force: revoke one before creating another.`,
  NOT_ACCEPTED: 'API tokens cannot be used for this call: sign in with your password instead.',
  SCOPE_TOO_NARROW: 'This API token has the read scope: it cannot book, release or flash. Create a read+book+flash token for that.',
  INVALID: 'This API token is unknown, expired or revoked.',
  // screens
  TITLE: 'API tokens',
  INTRO:
    'A personal API token lets your scripts and the testbed command-line client call the portal as you, with the header "Authorization: Bearer <token>". It never changes your password, e-mail, SSH keys or tokens.',
  NAME: 'Name',
  NAME_HELP: 'What the token is for, e.g. "laptop CLI" or "nightly experiment".',
  SCOPE: 'Scope',
  SCOPE_READ: 'read: see devices, reservations and flash jobs',
  SCOPE_ALL: 'read+book+flash: also book, release and flash',
  LIFETIME: 'Expires after',
  DAYS: '{{count}} days',
  CREATE: 'Create the token',
  CREATED_TITLE: 'Your new API token',
  CREATED_TEXT: 'Copy it now: it is shown only once. Whoever holds it can act as you within its scope until it expires or is revoked.',
  COPY: 'Copy',
  COPIED: 'Copied',
  DONE: 'Done',
  CREATED_ON: 'Created',
  LAST_USED: 'Last used',
  NEVER_USED: 'never',
  EXPIRES_ON: 'Expires',
  STATUS: 'Status',
  STATUS_ACTIVE: 'active',
  STATUS_EXPIRED: 'expired',
  STATUS_REVOKED: 'revoked',
  OWNER: 'Owner',
  ACTIONS: 'Actions',
  REVOKE: 'Revoke',
  REVOKE_TITLE: 'Revoke this API token?',
  REVOKE_TEXT: 'Scripts using "{{name}}" will be refused from now on, on every server.',
  CANCEL: 'Cancel',
  REVOKED: 'API token revoked.',
  NONE: 'You have no API token.',
  NONE_ADMIN: 'There is no API token.',
  LOAD_FAILED: 'The API tokens could not be loaded.',
} as const;
