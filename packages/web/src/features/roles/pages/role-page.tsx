// One role (administrators): its name, which can be changed unless sign-in depends on it, the users who
// hold it, and a delete button for a role given to nobody.
import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { roleMessages, type RoleDetails } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { DetailsPage, useIdParam } from '../../../shared/components/details-page';
import { NamePanel } from '../../../shared/components/name-panel';
import { RowsSection, userColumns } from '../../../shared/components/rows-table';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { useRenameRole, useRole } from '../api/roles';
import { ROLE_NAME_FIELD } from '../components/role-name-field';
import { useDeleteRoleFlow } from '../components/use-delete-role';

const USER_COLUMNS = userColumns<RoleDetails['users'][number]>({
  lastName: roleMessages.LAST_NAME,
  firstName: roleMessages.FIRST_NAME,
  username: roleMessages.USERNAME,
});

// Alike in shape with the other details pages by design: DetailsPage holds the layout, each page gives its texts and panels.
export function RolePage() {
  const { id: roleId, validId } = useIdParam();
  const role = useRole(roleId, validId);
  const rename = useRenameRole();
  const navigate = useNavigate();
  const remove = useDeleteRoleFlow(() => void navigate(paths.roles.href()));
  useDocumentTitle(`${role.data ? `${roleMessages.ROLE} ${role.data.roleName}` : roleMessages.ROLE} | Testbed Portal`);
  const data = role.data;

  return (
    <DetailsPage
      heading={`${roleMessages.ROLE} ${data?.roleName ?? ''}`}
      maw={860}
      back={{ label: roleMessages.BACK_TO_ROLES, to: paths.roles.href() }}
      notFoundTitle={roleMessages.NOT_FOUND}
      validId={validId}
      pending={role.isPending}
      error={role.error}
      dialog={remove.dialog}
    >
      {data && (
        <>
          <NamePanel
            {...ROLE_NAME_FIELD}
            // A new form once the saved name comes back, so that it shows what is stored.
            key={data.roleName}
            initialValue={data.roleName}
            submitLabel={roleMessages.SAVE}
            pending={rename.isPending}
            error={rename.error}
            disabled={data.protected}
            description={data.protected ? roleMessages.PROTECTED_HINT : undefined}
            onSubmit={(form) => rename.mutate({ id: roleId, form }, { onSuccess: () => notifySuccess(roleMessages.SAVED) })}
            remove={{
              label: roleMessages.DELETE,
              blockedReason: data.protected ? roleMessages.PROTECTED_HINT : data.userCount > 0 ? roleMessages.HAS_USERS : undefined,
              onClick: () => void remove.start(data),
              loading: remove.pendingId === roleId,
            }}
          />
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
        </>
      )}
    </DetailsPage>
  );
}

export { RolePage as Component };
