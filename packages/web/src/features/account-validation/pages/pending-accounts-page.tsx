// Pending accounts (administrators): the accounts asked to validate their account that no administrator has
// validated yet.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { accountValidationMessages as text } from '@testbed/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadingBar } from '../../../shared/components/loading-bar';
import { paths } from '../../../shared/paths';
import { usePendingAccounts } from '../api/account-validation-api';
import { AccountsTable } from '../components/accounts-table';
import { reportFailure } from '../../../shared/report-failure';

export function PendingAccountsPage() {
  useDocumentTitle(`${text.VALIDATION_PENDING_ACCOUNTS} | Testbed Portal`);
  const accounts = usePendingAccounts();
  useEffect(() => {
    if (accounts.error) reportFailure('Loading the pending accounts failed', accounts.error);
  }, [accounts.error]);
  const rows = accounts.data ?? [];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {text.VALIDATION_PENDING_ACCOUNTS}
      </Title>
      {accounts.isPending && <LoadingBar />}
      {!accounts.isPending && rows.length === 0 && <Text>{text.NO_VALIDATION_PENDING_ACCOUNT}</Text>}
      {rows.length > 0 && <AccountsTable accounts={rows} />}
      <Anchor component={Link} to={paths.validateAccounts.href()} w="fit-content">
        {text.SEE_VALIDATE_ACCOUNTS}
      </Anchor>
    </Stack>
  );
}

export { PendingAccountsPage as Component };
