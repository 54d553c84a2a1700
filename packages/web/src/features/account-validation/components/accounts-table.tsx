// The accounts of the validation screens: name, username, e-mail, dates and the Pending / No pending status,
// with an optional checkbox per row and a select-all checkbox in the header.
import { Checkbox, Table, Text } from '@mantine/core';
import { accountValidationMessages as text, type AccountToValidate } from '@testbed/contract';
import { formatDay } from './format';

export interface Selection {
  selected: ReadonlySet<number>;
  /** Rows that cannot be selected any more (already asked). */
  locked: ReadonlySet<number>;
  onToggle: (userId: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

const HEADERS = [text.LAST_NAME, text.FIRST_NAME, text.USERNAME, text.EMAIL, text.SIGN_UP_DATE, text.LAST_VALIDATION_DATE, text.STATUS];

export function AccountsTable({ accounts, selection }: { accounts: AccountToValidate[]; selection?: Selection }) {
  const selectable = selection ? accounts.filter((account) => !selection.locked.has(account.userId)) : [];
  const selectedCount = selection ? selectable.filter((account) => selection.selected.has(account.userId)).length : 0;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={48}>
                <Checkbox
                  aria-label={text.SELECT_ALL}
                  checked={selectable.length > 0 && selectedCount === selectable.length}
                  indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            {HEADERS.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => {
            const locked = selection?.locked.has(account.userId) ?? false;
            const pending = account.userAccountValidationPending || locked;
            return (
              <Table.Tr key={account.userId} data-testid="account-row" aria-disabled={locked || undefined} opacity={locked ? 0.75 : 1}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`${text.SELECT_ACCOUNT} ${account.firstname} ${account.lastname} (${account.username})`}
                      checked={locked || selection.selected.has(account.userId)}
                      disabled={locked}
                      onChange={(event) => selection.onToggle(account.userId, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>{account.lastname}</Table.Td>
                <Table.Td>{account.firstname}</Table.Td>
                <Table.Td>{account.username}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{account.email}</Table.Td>
                <Table.Td>{formatDay(account.signUpDate, text.NEVER)}</Table.Td>
                <Table.Td>{formatDay(account.lastValidationDate, text.NEVER)}</Table.Td>
                <Table.Td>
                  {/* Red and green (docs/web-app.md), in shades that read at 4.5:1 on the striped rows. */}
                  <Text component="span" size="sm" fw={700} c={pending ? 'red.9' : 'teal.9'}>
                    {pending ? text.PENDING : text.NO_PENDING}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
