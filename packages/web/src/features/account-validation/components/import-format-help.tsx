// The import's format, as the administrators read it beside the form (docs/accounts.md).
import { Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { accountValidationMessages as text, IMPORT_COLUMNS, IMPORT_EXAMPLE, IMPORT_MAX_LINES, IMPORT_REQUIRED_COLUMNS } from '@testbed/contract';

const COLUMN_HELP: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {
  username: 'lower-case letters, digits and underscores, starting with a letter (2 to 32)',
  password: 'optional; when empty the user chooses one from the link mailed to them',
  employerType: 'a label of the employer types list, e.g. Academic',
  professionalStatus: 'a label of the professional status list, e.g. Researcher',
  sshKey: 'optional; one public key line',
};

export function ImportFormatHelp() {
  return (
    <Paper withBorder shadow="xs" radius="md" p="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {text.IMPORT_FORMAT_TITLE}
        </Title>
        <Text size="sm">
          CSV text, comma-separated, UTF-8. The first line is a header row naming the columns, in any order; each
          following line is one account. Values holding a comma, a quote or a line break are written between double
          quotes, a quote inside them doubled. Empty lines are ignored. At most {IMPORT_MAX_LINES} accounts at once.
        </Text>
        <Text size="sm">
          Required columns: <Code>{IMPORT_REQUIRED_COLUMNS.join(', ')}</Code>. Other columns:
        </Text>
        <List size="sm" spacing={2}>
          {IMPORT_COLUMNS.filter((column) => !(IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(column)).map((column) => (
            <List.Item key={column}>
              <Code>{column}</Code>
              {COLUMN_HELP[column] ? ` (${COLUMN_HELP[column]})` : ''}
            </List.Item>
          ))}
        </List>
        <Text size="sm">
          Each line is checked with the sign-up rules; a line with an error, or whose username or e-mail is already
          used (in the database or on an earlier line), is not imported and its error is listed with its line number.
          The other lines are imported, and each new user receives an e-mail with a link to choose a password.
        </Text>
        <Text size="sm">Example:</Text>
        <Code block>{IMPORT_EXAMPLE}</Code>
      </Stack>
    </Paper>
  );
}
