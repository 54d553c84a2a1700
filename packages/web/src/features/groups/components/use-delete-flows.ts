// Deleting a group or a group type after confirmation; the server's refusal (members, groups of the
// type) is shown as it words it.
import { groupMessages } from '@testbed/contract';
import { useConfirmedDelete } from '../../../shared/components/use-confirmed-delete';
import { useDeleteGroup, useDeleteGroupType } from '../api/groups';

// Alike in shape by design: useConfirmedDelete holds the flow, each hook gives its own texts.
export function useDeleteGroupFlow(onDeleted?: () => void) {
  return useConfirmedDelete({
    mutation: useDeleteGroup(),
    idOf: (group: { groupId: number; name: string }) => group.groupId,
    confirmation: (group) => ({
      title: groupMessages.DELETE_GROUP_TITLE,
      message: `${groupMessages.DELETE_GROUP_TEXT} ${group.name}`,
      confirmLabel: groupMessages.DELETE,
    }),
    deletedNotice: groupMessages.DELETED,
    onDeleted,
  });
}

export function useDeleteGroupTypeFlow(onDeleted?: () => void) {
  return useConfirmedDelete({
    mutation: useDeleteGroupType(),
    idOf: (type: { groupTypeId: number; label: string }) => type.groupTypeId,
    confirmation: (type) => ({
      title: groupMessages.DELETE_GROUP_TYPE_TITLE,
      message: `${groupMessages.DELETE_GROUP_TYPE_TEXT} ${type.label}`,
      confirmLabel: groupMessages.DELETE,
    }),
    deletedNotice: groupMessages.DELETED,
    onDeleted,
  });
}
