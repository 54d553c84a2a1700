// Import accounts (administrators; format in docs/accounts.md): CSV text
// typed or read from a file, one account per line under a header row naming sign-up fields. The reply's
// count and its one error per rejected line are shown; the button stays disabled once a result is shown
// until the text changes or the form is reset.
import { Button, Code, Group, List, Paper, Progress, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  accountValidationMessages as text,
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE,
  IMPORT_MAX_LINES,
  IMPORT_REQUIRED_COLUMNS,
  importAccountsBodySchema,
  commonMessages,
} from '@testbed/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChooseFileButton } from '../../../shared/components/choose-file-button';
import { LOADING_VALUE } from '../../../shared/components/loading-bar';
import { paths } from '../../../shared/paths';
import { useImportAccounts } from '../api/account-validation-api';
import { fill } from '../components/format';
import { reportFailure } from '../../../shared/report-failure';
import { ErrorAlert } from '../../../shared/components/error-alert';

/** Larger files are not a few hundred accounts. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

const COLUMN_HELP: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {
  username: 'lower-case letters, digits and underscores, starting with a letter (2 to 32)',
  password: 'optional; when empty the user chooses one from the link mailed to them',
  employerType: 'a label of the employer types list, e.g. Academic',
  professionalStatus: 'a label of the professional status list, e.g. Researcher',
  sshKey: 'optional; one public key line',
};

export function ImportAccountsPage() {
  useDocumentTitle(`${text.IMPORT_ACCOUNTS} | Testbed Portal`);
  const navigate = useNavigate();
  const [data, setData] = useState('');
  const [touched, setTouched] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const run = useImportAccounts();
  const invalid = !importAccountsBodySchema.safeParse({ text: data }).success;
  const result = run.data;

  const change = (value: string) => {
    setData(value);
    setFileError(null);
    run.reset();
  };

  const readFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(text.FILE_UNREADABLE);
      return;
    }
    try {
      change(await file.text());
      setTouched(true);
    } catch {
      setFileError(text.FILE_UNREADABLE);
    }
  };

  const reset = () => {
    setData('');
    setTouched(false);
    setFileError(null);
    run.reset();
  };

  const submit = () => {
    setTouched(true);
    if (invalid) return;
    run.mutate(data, { onError: (error) => reportFailure('Importing the accounts failed', error) });
  };

  return (
    <Stack gap="lg" maw={980}>
      <Title order={1} size="h2">
        {text.IMPORT_ACCOUNTS}
      </Title>
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Textarea
              label={text.IMPORT_DATA}
              required
              rows={10}
              resize="vertical"
              spellCheck={false}
              autoComplete="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={data}
              error={(touched && invalid ? text.IMPORT_DATA_REQUIRED : undefined) ?? fileError ?? undefined}
              onChange={(event) => change(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
            />
            <Group>
              <ChooseFileButton label={text.IMPORT_FROM_FILE} accept=".csv,text/csv,text/plain" onChoose={(file) => void readFile(file)} />
            </Group>
            {(run.isPending || result) && (
              <Progress
                value={run.isPending ? LOADING_VALUE : 100}
                animated={run.isPending}
                striped={run.isPending}
                aria-label={run.isPending ? text.IMPORT_RUNNING : fill(text.IMPORTED_COUNT, { count: result?.count ?? 0 })}
              />
            )}
            {run.error && <ErrorAlert>{run.error.message}</ErrorAlert>}
            {result && (
              <Stack gap="xs" role="status">
                <Text fw={700} data-testid="imported-count">
                  {fill(text.IMPORTED_COUNT, { count: result.count })}
                </Text>
                {result.errors.length > 0 && (
                  <>
                    <Text c="red.9" fw={500}>
                      {fill(text.IMPORT_REJECTED, { count: result.errors.length })}
                    </Text>
                    <Table withTableBorder verticalSpacing={4} data-testid="import-errors">
                      <Table.Tbody>
                        {result.errors.map((error) => (
                          <Table.Tr key={error.line}>
                            <Table.Th scope="row" w={90} style={{ whiteSpace: 'nowrap' }}>
                              {fill(text.IMPORT_LINE, { line: error.line })}
                            </Table.Th>
                            <Table.Td>{error.message}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </>
                )}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                {text.RESET}
              </Button>
              <Button variant="default" onClick={() => void navigate(paths.users.href())}>
                {text.CANCEL}
              </Button>
              <Button type="submit" disabled={invalid || run.isPending || result !== undefined} loading={run.isPending}>
                {text.IMPORT_ACCOUNTS}
              </Button>
            </Group>
            {run.isPending && <Text size="sm">{commonMessages.LOADING}</Text>}
          </Stack>
        </form>
      </Paper>
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

    </Stack>
  );
}

export { ImportAccountsPage as Component };
