// Deleting a role after confirmation; the server's refusal (users hold it, a protected role) is shown.
import { roleMessages, type Role } from '@testbed/contract';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useDeleteRole } from '../api/roles';
import { notifySuccess, notifyFailure } from '../../../shared/notify';

export function useDeleteRoleFlow(onDeleted?: () => void) {
  const remove = useDeleteRole();
  const { confirm, dialog } = useConfirmModal();
  const start = async (role: Pick<Role, 'roleId' | 'roleName'>) => {
    const confirmed = await confirm({
      title: roleMessages.DELETE_TITLE,
      message: `${roleMessages.DELETE_TEXT} ${role.roleName}`,
      confirmLabel: roleMessages.DELETE,
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(role.roleId, {
      onSuccess: () => {
        notifySuccess(roleMessages.DELETED);
        onDeleted?.();
      },
      onError: (error) => notifyFailure(error.message, roleMessages.DELETE_TITLE),
    });
  };
  return { start, dialog, pendingId: remove.isPending ? remove.variables : undefined };
}
