// Validate accounts (administrators): pick a day, search the accounts
// last validated before it (or never), select some or all, and ask them to validate their account. The
// asked accounts then show disabled with a Pending status.
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { accountValidationMessages as text } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LoadingBar } from '../../../shared/components/loading-bar';
import { PageHeading } from '../../../shared/components/page-heading';
import { paths } from '../../../shared/paths';
import { useAccountsToUpdate, useRequestValidation } from '../api/account-validation-api';
import { AccountsTable } from '../components/accounts-table';
import { dayStartMs, fill, monthStart } from '../components/format';
import { toDateString } from '../../../shared/time';
import { MONTH_CHOICES, ValidationDatePicker } from '../components/validation-date-picker';
import { reportFailure } from '../../../shared/report-failure';

export function ValidateAccountsPage() {
  useDocumentTitle(`${text.VALIDATE_ACCOUNTS} | Testbed Portal`);
  // Today as the profile's zone (else the browser's) counts it, like every day of this page.
  const today = toDateString(new Date());
  const [day, setDay] = useState<string | null>(null);
  // Two months by default: the previous month and this one, so that recent days are one click away.
  const [displayed, setDisplayed] = useState(() => monthStart(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1));
  const [months, setMonths] = useState<(typeof MONTH_CHOICES)[number]>('2');
  const [searchedMs, setSearchedMs] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [asked, setAsked] = useState<ReadonlySet<number>>(new Set());
  const accounts = useAccountsToUpdate(searchedMs);
  const request = useRequestValidation();

  // The list reads fall back to an empty list and are only logged (docs/web-app.md).
  useEffect(() => {
    if (accounts.error) reportFailure('Searching the accounts to validate failed', accounts.error);
  }, [accounts.error]);
  const rows = accounts.data ?? [];

  const search = () => {
    setSearchedMs(dayStartMs(day ?? today));
    setSelected(new Set());
    setAsked(new Set());
    request.reset();
  };

  const toggle = (userId: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(rows.filter((row) => !asked.has(row.userId)).map((row) => row.userId)) : new Set());

  const ask = () => {
    const ids = [...selected].filter((id) => !asked.has(id));
    request.mutate(ids, {
      onSuccess: () => {
        setAsked((current) => new Set([...current, ...ids]));
        setSelected(new Set());
      },
      onError: (error) => reportFailure('Requesting the validation failed', error),
    });
  };

  return (
    <Stack gap="lg">
      <PageHeading title={text.VALIDATE_ACCOUNTS} intro={text.VALIDATE_ACCOUNTS_HELP} />
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <Stack gap="md">
          <ValidationDatePicker
            value={day}
            onChange={setDay}
            displayed={displayed}
            onDisplayedChange={setDisplayed}
            months={months}
            onMonthsChange={setMonths}
          />
          <Group>
            <Button onClick={search} disabled={!day}>
              {text.SEARCH_ACCOUNTS}
            </Button>
            {day && <Text size="sm">{`${text.LAST_VALIDATED_BEFORE}: ${day.split('-').reverse().join('/')}`}</Text>}
          </Group>
        </Stack>
      </Paper>

      {accounts.isFetching && <LoadingBar />}
      {searchedMs !== null && !accounts.isPending && rows.length === 0 && <Text>{text.NO_ACCOUNT_TO_VALIDATE}</Text>}
      {request.isSuccess && (
        <Alert color="teal" variant="light" role="status">
          <Group gap="md">
            <Text size="sm">{fill(text.VALIDATION_REQUESTED, { count: request.data.count })}</Text>
            <Anchor component={Link} to={paths.displayValidationPendingAccounts.href()} size="sm" c="blue.9" underline="always">
              {text.SEE_PENDING_ACCOUNTS}
            </Anchor>
          </Group>
        </Alert>
      )}
      {rows.length > 0 && (
        <Stack gap="sm">
          <AccountsTable
            accounts={rows}
            selection={{ selected, locked: asked, onToggle: toggle, onToggleAll: toggleAll }}
          />
          <Group>
            <Button onClick={ask} disabled={selected.size === 0} loading={request.isPending}>
              {text.REQUEST_VALIDATION}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

export { ValidateAccountsPage as Component };
