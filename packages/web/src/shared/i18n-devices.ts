// The texts of the device pages (booking, flashing, scheduling, device health, insight, the catalogue) and
// the common ones, read as in shared/i18n.ts: `t('KEY', { name })`. Apart from it so that only the pages that
// show these texts download them; the sign-in page, whose first load has the tightest budget, does not.
import { messages } from '@testbed/contract';
import { translator } from './i18n';

// The contract's merge of both catalogues, the one the server answers with.
export type DeviceMessageKey = keyof typeof messages;

/** The text for `key`, of the device pages or the common catalogue. */
export const t = translator(messages);

/** What reads a text by key, for the helpers that are no components and get it from theirs. */
export type Translate = typeof t;

const translation = { t };

/** What the components of the device pages read their texts with. */
export function useTranslation(): typeof translation {
  return translation;
}
