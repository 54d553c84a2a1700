// Deleting a role after confirmation; the server's refusal (users hold it, a protected role) is shown.
import { roleMessages, type Role } from '@testbed/contract';
import { namedDeleteFlow } from '../../../shared/components/use-confirmed-delete';
import { useDeleteRole } from '../api/roles';

export const useDeleteRoleFlow = namedDeleteFlow(useDeleteRole, (role: Pick<Role, 'roleId' | 'roleName'>) => ({ id: role.roleId, name: role.roleName }), {
  title: roleMessages.DELETE_TITLE,
  text: roleMessages.DELETE_TEXT,
  confirmLabel: roleMessages.DELETE,
  deletedNotice: roleMessages.DELETED,
});
