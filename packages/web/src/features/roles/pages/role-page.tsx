// One role (administrators): its name, which can be changed unless sign-in depends on it, the users who
// hold it, and a delete button for a role given to nobody.
import { Anchor, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { roleFormSchema, roleMessages } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { DeleteButton } from '../../../shared/components/delete-button';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useRenameRole, useRole } from '../api/roles';
import { NameForm } from '../../../shared/components/name-form';
import { useDeleteRoleFlow } from '../components/use-delete-role';
import { notifySuccess } from '../../../shared/notify';

export function RolePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const roleId = Number(id);
  const validId = Number.isInteger(roleId) && roleId > 0;
  const role = useRole(roleId, validId);
  const rename = useRenameRole();
  const navigate = useNavigate();
  const remove = useDeleteRoleFlow(() => void navigate(paths.roles.href()));
  useDocumentTitle(`${role.data ? `${roleMessages.ROLE} ${role.data.roleName}` : roleMessages.ROLE} | Testbed Portal`);

  const back = (
    <Button component={Link} to={paths.roles.href()} variant="default" w="fit-content">
      {roleMessages.BACK_TO_ROLES}
    </Button>
  );
  if (!validId || (role.error instanceof ApiError && role.error.status === 404)) {
    return <MessagePage title={roleMessages.NOT_FOUND} actions={back} />;
  }
  const data = role.data;

  return (
    <Stack maw={860} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {roleMessages.ROLE} {data?.roleName}
      </Title>
      {role.isPending && <Progress value={80} animated striped aria-label={t('LOADING')} />}
      {role.isError && <Text c="red.9">{role.error.message}</Text>}
      {data && (
        <>
          <Paper withBorder shadow="xs" radius="md" p="lg">
            <NameForm
              schema={roleFormSchema}
              field="roleName"
              label={roleMessages.ROLE_NAME}
              // A new form once the saved name comes back, so that it shows what is stored.
              key={data.roleName}
              initialValue={data.roleName}
              submitLabel={roleMessages.SAVE}
              pending={rename.isPending}
              error={rename.error}
              disabled={data.protected}
              description={data.protected ? roleMessages.PROTECTED_HINT : undefined}
              onSubmit={(form) =>
                rename.mutate(
                  { id: roleId, form },
                  { onSuccess: () => notifySuccess(roleMessages.SAVED) },
                )
              }
              extraActions={
                <DeleteButton
                  blockedReason={data.protected ? roleMessages.PROTECTED_HINT : data.userCount > 0 ? roleMessages.HAS_USERS : undefined}
                  onClick={() => void remove.start(data)}
                  loading={remove.pendingId === roleId}
                >
                  {roleMessages.DELETE}
                </DeleteButton>
              }
            />
          </Paper>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {roleMessages.USERS_WITH_ROLE} ({data.userCount})
            </Title>
            {data.users.length < data.userCount && (
              <Text size="sm" c="dimmed">
                {roleMessages.FIRST_USERS_SHOWN.replace('{{count}}', String(data.users.length))}
              </Text>
            )}
            {data.users.length === 0 ? (
              <Text>{roleMessages.NO_USER_WITH_ROLE}</Text>
            ) : (
              <Table striped verticalSpacing="xs" data-testid="role-users">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{roleMessages.LAST_NAME}</Table.Th>
                    <Table.Th>{roleMessages.FIRST_NAME}</Table.Th>
                    <Table.Th>{roleMessages.USERNAME}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.users.map((user) => (
                    <Table.Tr key={user.userId}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.user.href(user.userId)}>
                          {user.lastname}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{user.firstname}</Table.Td>
                      <Table.Td>{user.username}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </>
      )}
      <Group>{back}</Group>
      {remove.dialog}
    </Stack>
  );
}

export { RolePage as Component };
