// The field rules (docs/accounts.md), each written once here: every form of the contract
// that has the field uses the schema below, server and client alike, so a person sees in the form exactly
// the message the API would answer. The database's CHECKs mirror some of them (each names this file).
import * as z from 'zod/mini';

export const USERNAME_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;
export const USERNAME_MESSAGE =
  'Invalid username. Username must start with 1 lower case letter, then can contain some lower case letter(s), some digit(s), some underscore(s). Username must be at least 2 characters long and max 32 characters long';

// At least 8 characters, one capital, one lower-case letter, one digit, one special character, no whitespace.
// Letters of any alphabet count as capitals or lower case.
export const PASSWORD_PATTERN = /^(?=.*\p{Lu})(?=.*\p{Ll})(?=.*\p{Nd})(?=.*[^\p{L}\p{N}\s])\S{8,}$/u;
export const PASSWORD_MESSAGE =
  'Invalid Password. Password must contain at least 1 capital letter, 1 lower case letter, 1 digit, 1 special character and be at least 8 characters long';
/** Upper bound so that hashing cost stays bounded whatever a client sends. */
export const PASSWORD_MAX_LENGTH = 128;

export const required = (field: string) => `${field} is required`;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_MESSAGE = 'Invalid email.';

/** An optional text field of at most `max` characters; blank or absent is null. */
export const optionalText = (max: number, label: string) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `${label} is at most ${max} characters long`))),
    z.transform((value) => (value ? value : null)),
  );

/** A text a form cannot do without: "<field> is required" when it is missing or empty. */
export const requiredString = (field: string) => z.string({ error: required(field) }).check(z.minLength(1, required(field)));

export const usernameSchema = z.string().check(z.regex(USERNAME_PATTERN, USERNAME_MESSAGE));

/** The password rule; a screen that words the refusal differently gives its own sentence. */
export const passwordRule = (message: string = PASSWORD_MESSAGE) =>
  z.string().check(z.maxLength(PASSWORD_MAX_LENGTH, message), z.regex(PASSWORD_PATTERN, message));
export const passwordSchema = passwordRule();

/** An e-mail address, trimmed. */
export const emailSchema = z.pipe(z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, EMAIL_MESSAGE)), z.email(EMAIL_MESSAGE));

export const PHONE_RULE_MESSAGE = 'Invalid phone number. Write its digits, or + and the country code for an international number.';

export const TIME_ZONE_MESSAGE = 'Time zone: give a time zone name such as Europe/Paris or America/New_York, or leave it empty';

/** The canonical IANA name of a time zone (as written, in any case), or null when there is none by that name. */
export function canonicalTimeZone(value: string): string | null {
  // Names only: Intl also takes offsets such as +01:00, which follow no daylight-saving rule of a place.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A profile's time zone: an IANA name kept in its canonical spelling; blank or null is none chosen. */
export const timeZoneSchema = z.pipe(
  z.nullable(z.string({ error: TIME_ZONE_MESSAGE }).check(z.trim(), z.maxLength(64, TIME_ZONE_MESSAGE), z.refine((value) => value === '' || canonicalTimeZone(value) !== null, TIME_ZONE_MESSAGE))),
  z.transform((value) => (value ? canonicalTimeZone(value) : null)),
);
