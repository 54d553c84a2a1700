// Import accounts (administrators; format in docs/accounts.md): CSV text
// typed or read from a file, one account per line under a header row naming sign-up fields. The reply's
// count and its one error per rejected line are shown; the button stays disabled once a result is shown
// until the text changes or the form is reset.
import { Button, Group, Paper, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { accountValidationMessages as text, importAccountsBodySchema, commonMessages, type ImportAccountsBody } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { ChooseFileButton } from '../../../shared/components/choose-file-button';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { LOADING_VALUE } from '../../../shared/components/loading-bar';
import { useContractForm } from '../../../shared/form';
import { paths } from '../../../shared/paths';
import { reportFailure } from '../../../shared/report-failure';
import { useImportAccounts } from '../api/account-validation-api';
import { fill } from '../components/format';
import { ImportFormatHelp } from '../components/import-format-help';
import { ImportResult } from '../components/import-result';

/** Larger files are not a few hundred accounts. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

export function ImportAccountsPage() {
  useDocumentTitle(`${text.IMPORT_ACCOUNTS} | Testbed Portal`);
  const navigate = useNavigate();
  const run = useImportAccounts();
  // A changed text is another import: the last result goes.
  const form = useContractForm(importAccountsBodySchema, { text: '' }, { onValuesChange: () => run.reset() });
  const result = run.data;

  const readFile = async (file: File | null) => {
    if (!file) return;
    const content = file.size > MAX_FILE_BYTES ? null : await file.text().catch(() => null);
    if (content === null) return form.setFieldError('text', text.FILE_UNREADABLE);
    form.setFieldValue('text', content);
    form.validateField('text');
  };

  const reset = () => {
    form.reset();
    run.reset();
  };

  const submit = (body: ImportAccountsBody) => run.mutate(body.text, { onError: (error) => reportFailure('Importing the accounts failed', error) });

  return (
    <Stack gap="lg" maw={980}>
      <Title order={1} size="h2">
        {text.IMPORT_ACCOUNTS}
      </Title>
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="md">
            <Textarea
              label={text.IMPORT_DATA}
              required
              rows={10}
              resize="vertical"
              spellCheck={false}
              autoComplete="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('text')}
              // Leaving the field empty says why the import cannot start.
              onBlur={() => form.validateField('text')}
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
            {result && <ImportResult result={result} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={reset}>
                {text.RESET}
              </Button>
              <Button variant="default" onClick={() => void navigate(paths.users.href())}>
                {text.CANCEL}
              </Button>
              <Button type="submit" disabled={!form.isValid() || run.isPending || result !== undefined} loading={run.isPending}>
                {text.IMPORT_ACCOUNTS}
              </Button>
            </Group>
            {run.isPending && <Text size="sm">{commonMessages.LOADING}</Text>}
          </Stack>
        </form>
      </Paper>
      <ImportFormatHelp />
    </Stack>
  );
}

export { ImportAccountsPage as Component };
