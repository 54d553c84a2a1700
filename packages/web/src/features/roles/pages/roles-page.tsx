// The roles (administrators): role name and number of users, with details, delete and create buttons
// (accounts document, section 2). ADMIN and USER cannot be deleted: their button is disabled and says why.
import { Anchor, Button, Group, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages, roleMessages, type Role } from '@testbed/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DisabledWithReason } from '../../../shared/components/disabled-with-reason';
import { paths } from '../../../shared/paths';
import { useRoles } from '../api/roles';
import { useDeleteRoleFlow } from '../components/use-delete-role';
import { reportFailure } from '../../../shared/report-failure';

export function RolesPage() {
  useDocumentTitle(`${roleMessages.ROLES} | Testbed Portal`);
  const roles = useRoles();
  const remove = useDeleteRoleFlow();
  // The spec's list reads fall back to an empty list and are only logged.
  useEffect(() => {
    if (roles.error) reportFailure('Loading the roles failed', roles.error);
  }, [roles.error]);
  const rows: Role[] = roles.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {roleMessages.ROLES}
        </Title>
        <Button component={Link} to={paths.roleNew.href()}>
          {roleMessages.NEW_ROLE}
        </Button>
      </Group>
      {roles.isPending && <Progress value={80} animated striped aria-label={messages.LOADING} />}
      {!roles.isPending && rows.length === 0 && <Text>{roleMessages.NO_ROLE}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{roleMessages.ROLE_NAME}</Table.Th>
                <Table.Th>{roleMessages.NUMBER_OF_USERS}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{messages.ACTIONS}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((role) => (
                <Table.Tr key={role.roleId} data-testid="role-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.role.href(role.roleId)}>
                      {role.roleName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{role.userCount}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={paths.role.href(role.roleId)}
                        aria-label={`${roleMessages.DETAILS} ${role.roleName}`}
                      >
                        {roleMessages.DETAILS}
                      </Button>
                      {role.protected || role.userCount > 0 ? (
                        <DisabledWithReason
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`${roleMessages.DELETE} ${role.roleName}`}
                          reason={role.protected ? roleMessages.PROTECTED_HINT : roleMessages.HAS_USERS}
                        >
                          {roleMessages.DELETE}
                        </DisabledWithReason>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`${roleMessages.DELETE} ${role.roleName}`}
                          loading={remove.pendingId === role.roleId}
                          onClick={() => void remove.start(role)}
                        >
                          {roleMessages.DELETE}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.dialog}
    </Stack>
  );
}

export { RolesPage as Component };
