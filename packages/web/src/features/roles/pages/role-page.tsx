// One role (administrators): its name, which can be changed unless sign-in depends on it, the users who
// hold it, and a delete button for a role given to nobody.
import { Text } from '@mantine/core';
import { roleMessages, type RoleDetails } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../shared/components/details-page';
import { NameDetailsPage } from '../../../shared/components/name-details-page';
import { RowsSection, userColumns } from '../../../shared/components/rows-table';
import { paths } from '../../../shared/paths';
import { useRenameRole, useRole } from '../api/roles';
import { ROLE_NAME_FIELD } from '../components/role-name-field';
import { useDeleteRoleFlow } from '../components/use-delete-role';

const USER_COLUMNS = userColumns<RoleDetails['users'][number]>({
  lastName: roleMessages.LAST_NAME,
  firstName: roleMessages.FIRST_NAME,
  username: roleMessages.USERNAME,
});

export function RolePage() {
  const { id: roleId, validId } = useIdParam();
  const navigate = useNavigate();
  return (
    <NameDetailsPage
      kind={roleMessages.ROLE}
      id={roleId}
      validId={validId}
      query={useRole(roleId, validId)}
      nameOf={(role) => role.roleName}
      maw={860}
      back={{ label: roleMessages.BACK_TO_ROLES, to: paths.roles.href() }}
      notFoundTitle={roleMessages.NOT_FOUND}
      field={ROLE_NAME_FIELD}
      saveLabel={roleMessages.SAVE}
      savedNotice={roleMessages.SAVED}
      rename={useRenameRole()}
      lockedReason={(role) => (role.protected ? roleMessages.PROTECTED_HINT : undefined)}
      remove={useDeleteRoleFlow(() => void navigate(paths.roles.href()))}
      deleteLabel={roleMessages.DELETE}
      deleteBlockedReason={(role) => (role.protected ? roleMessages.PROTECTED_HINT : role.userCount > 0 ? roleMessages.HAS_USERS : undefined)}
    >
      {(data) => (
        <RowsSection
          title={roleMessages.USERS_WITH_ROLE}
          count={data.userCount}
          empty={roleMessages.NO_USER_WITH_ROLE}
          note={
            data.users.length < data.userCount && (
              <Text size="sm" c="dimmed">
                {roleMessages.FIRST_USERS_SHOWN.replace('{{count}}', String(data.users.length))}
              </Text>
            )
          }
          columns={USER_COLUMNS}
          rows={data.users}
          rowKey={(user) => user.userId}
          testId="role-users"
        />
      )}
    </NameDetailsPage>
  );
}

export { RolePage as Component };
