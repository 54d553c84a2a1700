// The roles (administrators): role name and number of users, with details, delete and create buttons.
// ADMIN and USER cannot be deleted: their button is disabled and says why.
import { roleMessages, type Role } from '@testbed/contract';
import { AdminListPage } from '../../../shared/components/admin-list-page';
import { paths } from '../../../shared/paths';
import { useRoles } from '../api/roles';
import { useDeleteRoleFlow } from '../components/use-delete-role';
import { RowLink } from '../../../shared/components/row-links';
import { namedRowActions } from '../../../shared/components/admin-list-actions';

// Alike in shape with the other administrators' lists by design: AdminListPage holds the logic, each list gives its texts and columns.
export function RolesPage() {
  const roles = useRoles();
  const remove = useDeleteRoleFlow();
  return (
    <AdminListPage
      title={roleMessages.ROLES}
      links={[{ label: roleMessages.NEW_ROLE, to: paths.roleNew.href() }]}
      query={roles}
      emptyText={roleMessages.NO_ROLE}
      tableMinWidth={480}
      rowId={(role: Role) => role.roleId}
      rowTestId="role-row"
      columns={[
        {
          header: roleMessages.ROLE_NAME,
          cell: (role) => <RowLink to={paths.role.href(role.roleId)}>{role.roleName}</RowLink>,
        },
        { header: roleMessages.NUMBER_OF_USERS, cell: (role) => role.userCount },
      ]}
      remove={namedRowActions({
        nameOf: (role: Role) => role.roleName,
        hrefOf: (role) => paths.role.href(role.roleId),
        detailsLabel: roleMessages.DETAILS,
        deleteLabel: roleMessages.DELETE,
        blockedReason: (role) =>
          role.protected ? roleMessages.PROTECTED_HINT : role.userCount > 0 ? roleMessages.HAS_USERS : undefined,
        flow: remove,
      })}
    />
  );
}

export { RolesPage as Component };
