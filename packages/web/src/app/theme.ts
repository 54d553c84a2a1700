import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Mantine's default shades put white text on blue 6 and grey 6 text on white, both under the 4.5:1
// contrast that WCAG AA asks of body text; shade 8 of the primary colour and darker greys pass.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // A dropdown rendered at the end of <body> sits outside every landmark (axe: region); kept beside its
  // field, it stays inside the page's main landmark. A list grows to its length rather than scrolling inside
  // itself: an inner scrolling area the keyboard cannot reach fails axe (scrollable-region-focusable), and the
  // arrow keys move through the options anyway. A closed list is not kept in the page: Mantine would position
  // each hidden one on mount, which forces a style and layout pass of the whole page per field while a form
  // first shows (most of the booking form's longest task). Plain objects: importing the components here would
  // pull them into the first page's download.
  components: Object.fromEntries(
    ['Select', 'MultiSelect', 'Autocomplete', 'TagsInput'].map((name) => [
      name,
      { defaultProps: { comboboxProps: { withinPortal: false, keepMounted: false }, maxDropdownHeight: 'none' } },
    ]),
  ),
});

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    '--mantine-color-anchor': theme.colors.blue[8] ?? '#1971c2',
    '--mantine-color-error': theme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-placeholder': theme.colors.gray[6] ?? '#868e96',
  },
  dark: {},
});
