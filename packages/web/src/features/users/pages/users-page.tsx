// The administrators' users list: first and last name filters (any case,
// contains), 'Valid user only' checked by default, Pending / No pending labels, the danger row (not enabled,
// no validation pending, no token) and dates as dd/MM/yyyy. Filtering and paging happen on the server so
// that the page stays quick with thousands of users.
import { Anchor, Button, Checkbox, Group, Pagination, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { isDangerUser, USERS_PAGE_SIZE, userMessages } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/time';
import { paths } from '../../../shared/paths';
import { useUsers } from '../api/users-api';
import { ValidationBadge } from '../components/validation-badge';
import { reportFailure } from '../../../shared/report-failure';
import { HeaderRow } from '../../../shared/components/header-row';

/** Typing pauses this long before the list is asked again. */
const FILTER_DELAY_MS = 250;

const HEADERS = [
  userMessages.LAST_NAME,
  userMessages.FIRST_NAME,
  userMessages.USERNAME,
  userMessages.EMAIL,
  userMessages.SIGN_UP_DATE,
  userMessages.APPROVED_DATE,
  userMessages.LAST_VALIDATION_DATE,
  userMessages.EXPIRATION_DATE,
  userMessages.VALIDATION,
];

export function UsersPage() {
  useDocumentTitle(`${userMessages.USERS} | Testbed Portal`);
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [validOnly, setValidOnly] = useState(true);
  const [page, setPage] = useState(1);
  const [debouncedFirst] = useDebouncedValue(firstname, FILTER_DELAY_MS);
  const [debouncedLast] = useDebouncedValue(lastname, FILTER_DELAY_MS);
  // A new filter starts from its first page.
  useEffect(() => setPage(1), [debouncedFirst, debouncedLast, validOnly]);

  const users = useUsers({ firstname: debouncedFirst, lastname: debouncedLast, validOnly, page, size: USERS_PAGE_SIZE });
  useEffect(() => {
    if (users.error) reportFailure('Loading the users failed', users.error);
  }, [users.error]);
  const rows = users.data?.items ?? [];
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {userMessages.USERS}
        </Title>
        <Button component={Link} to={paths.userNew.href()}>
          {userMessages.CREATE_USER}
        </Button>
      </Group>
      <Group align="flex-end" gap="md">
        <TextInput
          label={userMessages.FILTER_FIRST_NAME}
          value={firstname}
          onChange={(event) => setFirstname(event.currentTarget.value)}
          autoComplete="off"
        />
        <TextInput
          label={userMessages.FILTER_LAST_NAME}
          value={lastname}
          onChange={(event) => setLastname(event.currentTarget.value)}
          autoComplete="off"
        />
        <Checkbox
          label={userMessages.VALID_USER_ONLY}
          checked={validOnly}
          onChange={(event) => setValidOnly(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {users.isPending && <Progress value={80} animated striped aria-label={userMessages.USERS} />}
      {!users.isPending && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {userMessages.USERS_COUNT.replace('{{count}}', String(total))}
        </Text>
      )}
      {!users.isPending && rows.length === 0 && <Text>{userMessages.NO_USER}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={960}>
          <Table highlightOnHover verticalSpacing="xs" aria-busy={users.isFetching}>
            <HeaderRow headers={HEADERS} />
            <Table.Tbody>
              {rows.map((user) => {
                const danger = isDangerUser(user);
                return (
                  <Table.Tr
                    key={user.userId}
                    data-testid="user-row"
                    data-danger={danger || undefined}
                    bg={danger ? 'var(--mantine-color-red-0)' : undefined}
                    style={danger ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-red-9)' } : undefined}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={paths.user.href(user.userId)} c="blue.9">
                        {user.lastname}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{user.firstname}</Table.Td>
                    <Table.Td>{user.username}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{user.email}</Table.Td>
                    <Table.Td>{formatDay(user.signUpDate)}</Table.Td>
                    <Table.Td>{formatDay(user.approvedDate)}</Table.Td>
                    <Table.Td>{formatDay(user.lastValidationDate)}</Table.Td>
                    <Table.Td>{formatDay(user.expirationDate)}</Table.Td>
                    <Table.Td>
                      <ValidationBadge pending={user.validationPending} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? userMessages.PREVIOUS_PAGE : userMessages.NEXT_PAGE,
            })}
            getItemProps={(item) => ({ 'aria-label': userMessages.PAGE_OF.replace('{{page}}', String(item)).replace('{{pages}}', String(pages)) })}
          />
        </Group>
      )}
    </Stack>
  );
}

export { UsersPage as Component };
