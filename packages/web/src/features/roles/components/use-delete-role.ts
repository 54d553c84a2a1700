// Deleting a role after confirmation; the server's refusal (users hold it, a protected role) is shown.
import { roleMessages, type Role } from '@testbed/contract';
import { useConfirmedDelete } from '../../../shared/components/use-confirmed-delete';
import { useDeleteRole } from '../api/roles';

// Alike in shape by design: useConfirmedDelete holds the flow, each hook gives its own texts.
export function useDeleteRoleFlow(onDeleted?: () => void) {
  return useConfirmedDelete({
    mutation: useDeleteRole(),
    idOf: (role: Pick<Role, 'roleId' | 'roleName'>) => role.roleId,
    confirmation: (role) => ({
      title: roleMessages.DELETE_TITLE,
      message: `${roleMessages.DELETE_TEXT} ${role.roleName}`,
      confirmLabel: roleMessages.DELETE,
    }),
    deletedNotice: roleMessages.DELETED,
    onDeleted,
  });
}
