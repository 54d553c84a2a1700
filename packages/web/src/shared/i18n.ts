// The one message system of the web app: every text is read here, by key, from the contract's catalogues
// (the common one, `commonMessages`, the device pages' through i18n-devices.ts, and one per area), so
// that a second language means a second set of catalogues here and no change in the pages: `t('KEY', { name })`
// in components, or an area's `catalogue(english).KEY`.
// The app speaks English and its texts use only `{{name}}` placeholders (no plurals, no formats), so a lookup
// and a replace are all it needs. i18next, which did the same, was 14 KB gzip of every page's first load
// against a budget of 140 KB (docs/benchmark.md).
import { commonMessages } from '@testbed/contract';

export type MessageKey = keyof typeof commonMessages;
/** The values of a text's `{{name}}` placeholders. */
export type MessageValues = Record<string, unknown>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * `text` with each `{{name}}` replaced by its value. A placeholder without a value stays as it is, so that a
 * missing value shows in the page instead of leaving a silent gap.
 */
export function interpolate(text: string, values?: MessageValues): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

/** What reads a text of a catalogue by key, with its placeholders' values. */
export type Translator<K extends string> = (key: K, values?: MessageValues) => string;

/** The reader of `texts`; an unknown key answers itself, so that it shows where it is missing. */
export function translator<C extends Record<string, string>>(texts: C): Translator<Extract<keyof C, string>> {
  return (key, values) => {
    const text = (texts as Record<string, string>)[key];
    return text === undefined ? key : interpolate(text, values);
  };
}

/** The common catalogue's text for `key`. */
export const t = translator(commonMessages);

const translation = { t };

/** What components read their texts with; one language, so the same functions on every render. */
export function useTranslation(): typeof translation {
  return translation;
}

/**
 * An area's texts (the contract's `userMessages`, `registrationMessages` ...): `catalogue(userMessagesEn).USERS_COUNT`
 * is the text for USERS_COUNT in the language shown, from the English catalogue given here, the only language so
 * far. Each catalogue travels with the pages that import it rather than in every page's first load. Lint allows
 * the English catalogue to be imported only as `...MessagesEn` and only handed to this function.
 */
export function catalogue<C extends Record<string, string>>(english: C): Readonly<C> {
  return english;
}
