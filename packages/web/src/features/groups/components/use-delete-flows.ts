// Deleting a group or a group type after confirmation; the server's refusal (members, groups of the
// type) is shown as it words it.
import { groupMessages } from '@testbed/contract';
import { namedDeleteFlow } from '../../../shared/components/use-confirmed-delete';
import { useDeleteGroup, useDeleteGroupType } from '../api/groups';

export const useDeleteGroupFlow = namedDeleteFlow(useDeleteGroup, (group: { groupId: number; name: string }) => ({ id: group.groupId, name: group.name }), {
  title: groupMessages.DELETE_GROUP_TITLE,
  text: groupMessages.DELETE_GROUP_TEXT,
  confirmLabel: groupMessages.DELETE,
  deletedNotice: groupMessages.DELETED,
});

export const useDeleteGroupTypeFlow = namedDeleteFlow(useDeleteGroupType, (type: { groupTypeId: number; label: string }) => ({ id: type.groupTypeId, name: type.label }), {
  title: groupMessages.DELETE_GROUP_TYPE_TITLE,
  text: groupMessages.DELETE_GROUP_TYPE_TEXT,
  confirmLabel: groupMessages.DELETE,
  deletedNotice: groupMessages.DELETED,
});
