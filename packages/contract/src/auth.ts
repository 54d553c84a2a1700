import * as z from 'zod/mini';
import { SIGNED_IN_ACTION_NAMES, type SignedInAction } from './actions.js';
import { PASSWORD_MAX_LENGTH, required } from './rules.js';

export const AUTHORITIES = ['ADMIN', 'USER'] as const;
export type AuthorityName = (typeof AUTHORITIES)[number];
export interface Authority {
  authority: AuthorityName;
}

/** Sign-in only checks presence: the password rule applies when a password is set, not when it is tried. */
export const signinSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, required('Username')), z.maxLength(64)),
  password: z.string().check(z.minLength(1, required('Password')), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type SigninForm = z.infer<typeof signinSchema>;

/** One boolean per signed-in action, each a named property, so that the OpenAPI document lists them all. */
const abilitiesSchema = z.object(
  Object.fromEntries(SIGNED_IN_ACTION_NAMES.map((action) => [action, z.boolean()])) as Record<SignedInAction, z.ZodMiniBoolean>,
);

export const signinReplySchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** Seconds since the epoch at which the access token stops being accepted. */
  expiresAt: z.int(),
  userId: z.int(),
  username: z.string(),
  authorities: z.array(z.object({ authority: z.enum(AUTHORITIES) })),
  hasSshKey: z.boolean(),
  /** The profile's IANA time zone; null: none chosen (the web app shows the browser's zone). A session stored
   * by an earlier version has none, and reads as none chosen. */
  timeZone: z._default(z.nullable(z.string()), null),
  redirectURL: z.string(),
  /**
   * What the user may do, action by action, as the server's policies answer for anyone's account: an
   * administrator's abilities, or the few any member has. The web shows a page, a menu or a button by these,
   * not by a role; what one may do on one's own account is the page's own check of the user id.
   */
  abilities: abilitiesSchema,
});
export type SessionAbilities = SigninReply['abilities'];
export type SigninReply = z.infer<typeof signinReplySchema>;

/** Payload of the access token (a JWT signed with HS256). */
export interface AccessTokenClaims {
  sub: string;
  authorities: AuthorityName[];
  /** Session generation of the user: raised by a password change, a disable or a deletion. */
  gen: number;
  exp: number;
}

export const meReplySchema = z.omit(signinReplySchema, { accessToken: true, tokenType: true, expiresAt: true });
export type MeReply = z.infer<typeof meReplySchema>;
