// The rules every input obeys, whatever the field.
// Text: no NUL, no other control character but tab, line feed and carriage return, no unpaired UTF-16
// surrogate. PostgreSQL refuses NUL in text and unpaired surrogates in JSON, and no person types them. The
// server applies `findUnsafeText` to the body, the query and the path of every request before any route sees
// it, so that no route can forget it.
// Ids: whole numbers within PostgreSQL's `integer`, in a body as in a path or a query string; numbers in a path
// or a query string in their one canonical form; instants within the years PostgreSQL stores.
import * as z from 'zod/mini';

// Without the `u` flag a regular expression sees UTF-16 code units, so a surrogate is matchable on its own.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain control characters or unpaired surrogates';

/** Whether a string breaks the rule. */
export function isUnsafeText(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/**
 * Where a value holds unsafe text (in a string or in a key), as a dotted path such as `users.2.name`; null when
 * none. It walks with a stack of its own rather than by recursion, so that no depth of a value exhausts the
 * call stack, and builds the path only for the field it reports, so that its time grows with the size of the
 * value and not with its depth times its size.
 */
export function findUnsafeText(value: unknown): string | null {
  interface Step {
    value: unknown;
    key: string;
    parent: Step | null;
  }
  const pathOf = (step: Step): string => {
    const keys: string[] = [];
    for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Step[] = [{ value, key: '', parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (step.parent && isUnsafeText(step.key)) return pathOf(step);
    if (typeof step.value === 'string') {
      if (isUnsafeText(step.value)) return pathOf(step);
      continue;
    }
    if (step.value === null || typeof step.value !== 'object') continue;
    // Pushed last to first, so that the first unsafe key or text in the order of the value is the one named.
    const entries = Object.entries(step.value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      stack.push({ value: item, key, parent: step });
    }
  }
  return null;
}

/** A one-line text (a name, a place) also carries no tab or line break: it ends up in mail headers and lists. */
export function isOneLine(value: string): boolean {
  return !/\p{Cc}/u.test(value) && !isUnsafeText(value);
}

/** Largest id the database holds (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;
/** A row id in a JSON body: a whole number from 1 to MAX_ID (a JSON number: `true` or `"2"` is refused). */
export const idFieldSchema = z.int().check(z.gte(1), z.lte(MAX_ID));

// A whole number in a path or a query string is read in one form only, the one every client writes: decimal
// digits, no sign, no leading zero, no space, no exponent. `0x2`, `+2`, `02`, `1e0`, ` 2` or `true` would
// otherwise all name 2 (JavaScript's Number reads them so), and two spellings of one id defeat caches,
// logs and rules keyed on the text.
const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;
export const WHOLE_NUMBER_MESSAGE = 'must be a whole number written in decimal digits (no sign, no leading zero, no space)';

/** A whole number from `min` to `max` in a path or a query string, where it arrives as text. */
export function wholeNumberText(min: number, max: number) {
  return z.pipe(
    z.pipe(z.string().check(z.regex(WHOLE_NUMBER, WHOLE_NUMBER_MESSAGE)), z.transform(Number)),
    z.number().check(z.gte(min), z.lte(max)),
  );
}

/** A row id in a path or a query string. */
export const entityIdSchema = wholeNumberText(1, MAX_ID);

/**
 * A row id in a JSON body whose form may hold it as text (a select's value): a JSON whole number, or the
 * same in canonical decimal text. `true`, `1.0e0` or `" 2"` are refused.
 */
export const idValueSchema = z.pipe(
  z.union([z.int(), z.pipe(z.string().check(z.regex(WHOLE_NUMBER)), z.transform(Number))], { error: WHOLE_NUMBER_MESSAGE }),
  z.number().check(z.gte(1), z.lte(MAX_ID)),
);

/** The path parameters of a route about one thing by its id, and of a route about one user's things. */
export const idParamsSchema = z.object({ id: entityIdSchema });
export const userIdParamsSchema = z.object({ userId: entityIdSchema });

// Instants are stored as PostgreSQL `timestamptz`; its input and every client's date handling agree on the
// years 1 to 9999 (in UTC). Year 0 or 10000 would pass the ISO 8601 pattern and then fail in the database.
export const MIN_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const MAX_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');
export const INSTANT_RANGE_MESSAGE = 'must be a date between the years 1 and 9999';

/** An ISO 8601 instant with its offset (`Z` or `+02:00`), within the years 1 to 9999 in UTC. */
export function instantSchema(message?: string) {
  return z.iso.datetime({ offset: true, ...(message ? { error: message } : {}) }).check(
    z.refine((text) => {
      const time = Date.parse(text);
      return time >= MIN_INSTANT_MS && time <= MAX_INSTANT_MS;
    }, INSTANT_RANGE_MESSAGE),
  );
}

/** A device's MAC address, six hexadecimal pairs separated by colons, in lower case once read. */
export function macAddressSchema(message = 'Invalid MAC address') {
  return z.pipe(
    z.string().check(z.regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, message)),
    z.transform((mac) => mac.toLowerCase()),
  );
}
