// Deleting a group or a group type after confirmation; the server's refusal (members, groups of the
// type) is shown as it words it.
import { groupMessages } from '@testbed/contract';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useDeleteGroup, useDeleteGroupType } from '../api/groups';
import { notifySuccess, notifyFailure } from '../../../shared/notify';

export function useDeleteGroupFlow(onDeleted?: () => void) {
  const remove = useDeleteGroup();
  const { confirm, dialog } = useConfirmModal();
  const start = async (group: { groupId: number; name: string }) => {
    const confirmed = await confirm({
      title: groupMessages.DELETE_GROUP_TITLE,
      message: `${groupMessages.DELETE_GROUP_TEXT} ${group.name}`,
      confirmLabel: groupMessages.DELETE,
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(group.groupId, {
      onSuccess: () => {
        notifySuccess(groupMessages.DELETED);
        onDeleted?.();
      },
      onError: (error) => notifyFailure(error.message, groupMessages.DELETE_GROUP_TITLE),
    });
  };
  return { start, dialog, pendingId: remove.isPending ? remove.variables : undefined };
}

export function useDeleteGroupTypeFlow(onDeleted?: () => void) {
  const remove = useDeleteGroupType();
  const { confirm, dialog } = useConfirmModal();
  const start = async (type: { groupTypeId: number; label: string }) => {
    const confirmed = await confirm({
      title: groupMessages.DELETE_GROUP_TYPE_TITLE,
      message: `${groupMessages.DELETE_GROUP_TYPE_TEXT} ${type.label}`,
      confirmLabel: groupMessages.DELETE,
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(type.groupTypeId, {
      onSuccess: () => {
        notifySuccess(groupMessages.DELETED);
        onDeleted?.();
      },
      onError: (error) => notifyFailure(error.message, groupMessages.DELETE_GROUP_TYPE_TITLE),
    });
  };
  return { start, dialog, pendingId: remove.isPending ? remove.variables : undefined };
}
