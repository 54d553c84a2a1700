// The phone-number rule, in a module of its own: libphonenumber-js and its metadata are the heaviest part of
// the contract, so only the forms with a phone field (sign-up, the account update, a user's edit) load them.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as z from 'zod/mini';

/**
 * A phone number as a person writes it: digits alone (a national number such as 0612345678), or an
 * international one with its "+" and country code (+33 6 12 34 56 78, +1 (415) 555-0100), checked by
 * libphonenumber. Spaces, dots, dashes and brackets are the person's layout: they are dropped from a national
 * number, and an international one is kept in its international form. Null when nothing is given.
 */
export function normalisePhoneNumber(value: string): string | null | 'invalid' {
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(text);
    return parsed?.isValid() ? parsed.formatInternational() : 'invalid';
  }
  const digits = text.replace(/[\s.\-()]/g, '');
  return /^[0-9]{1,20}$/.test(digits) ? digits : 'invalid';
}

/**
 * The optional phone number of the forms: normalised, undefined when empty. The message is the form's
 * (rules.ts: PHONE_RULE_MESSAGE): importing rules.ts here would put it in this module's chunk of the web app.
 */
export const optionalPhoneSchema = (message: string) =>
  z.pipe(
    z.optional(z.string().check(z.maxLength(40, message), z.refine((value) => normalisePhoneNumber(value) !== 'invalid', message))),
    z.transform((value) => (value === undefined ? undefined : (normalisePhoneNumber(value) ?? undefined) as string | undefined)),
  );
