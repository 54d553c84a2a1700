// The texts of the web app are the contract's catalogues, imported where they are shown (one language, no
// message layer: ARCHITECTURE.md, "Forms and texts"). A text with `{{name}}` placeholders is filled in here.
/** The values of a text's `{{name}}` placeholders. */
export type TextValues = Record<string, unknown>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * `text` with each `{{name}}` replaced by its value. A placeholder without a value stays as it is, so that a
 * missing value shows in the page instead of leaving a silent gap.
 */
export function fill(text: string, values: TextValues): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}
