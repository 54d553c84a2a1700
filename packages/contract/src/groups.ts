// Groups and group types. A group has a name, an optional
// type, members (users) and managers (managerUsers). Members and managers are added and removed one at a
// time with PUT /group/{groupId}/userToAdd/{userId} and .../userToRemove/{userId}; `?as=manager` acts
// on the managers instead of the members.
import * as z from 'zod/mini';
import { entityIdSchema, idParamsSchema, idValueSchema } from './input.js';
import { required } from './rules.js';
import { userSummarySchema } from './user-summary.js';

export const GROUP_NAME_MAX = 100;
export const GROUP_TYPE_LABEL_MAX = 100;

export const groupMessages = {
  // replies
  GROUP_NOT_FOUND: 'Group not found.',
  GROUP_TYPE_NOT_FOUND: 'Group type not found.',
  USER_NOT_FOUND: 'User not found.',
  DUPLICATE_GROUP: 'A group with this name already exists.',
  DUPLICATE_GROUP_TYPE: 'A group type with this label already exists.',
  GROUP_NAME_TOO_LONG: `The group name is at most ${GROUP_NAME_MAX} characters long.`,
  GROUP_TYPE_LABEL_TOO_LONG: `The label is at most ${GROUP_TYPE_LABEL_MAX} characters long.`,
  GROUP_HAS_MEMBERS: "You can't delete a group that has members. Remove them first.",
  GROUP_TYPE_HAS_GROUPS: "You can't delete a group type that is used by groups.",
  ALREADY_MEMBER: 'This user is already a member of this group.',
  ALREADY_MANAGER: 'This user is already a manager of this group.',
  NOT_MEMBER: 'This user is not a member of this group.',
  NOT_MANAGER: 'This user is not a manager of this group.',
  ACCOUNT_DELETED: 'This account has been deleted: it cannot join a group.',
  ID_MISMATCH: 'The group id of the body differs from the one of the address.',
  GROUPS_EMPTY: 'Give at least one group.',
  GROUPS_REPEATED: 'The same group name is given twice.',
  // screens
  GROUPS: 'Groups',
  GROUP: 'Group',
  NEW_GROUP: 'New group',
  GROUP_NAME: 'Name',
  GROUP_TYPE: 'Group type',
  GROUP_TYPES: 'Group types',
  NEW_GROUP_TYPE: 'New group type',
  LABEL: 'Label',
  NO_GROUP_TYPE: 'No group type',
  NO_GROUP_TYPES: 'There is no group type.',
  MEMBERS: 'Members',
  MANAGERS: 'Managers',
  NUMBER_OF_MEMBERS: 'Number of members',
  NUMBER_OF_MANAGERS: 'Number of managers',
  NUMBER_OF_GROUPS: 'Number of groups',
  NO_GROUP: 'There is no group.',
  NO_GROUP_OF_TYPE: 'No group has this type.',
  NO_MEMBER: 'This group has no member.',
  NO_MANAGER: 'This group has no manager.',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  ADD_MEMBER: 'Add a member',
  ADD_MANAGER: 'Add a manager',
  ADD: 'Add',
  REMOVE: 'Remove',
  SEARCH_USER: 'Search a user by name',
  NO_USER_FOUND: 'No user found',
  CREATE_GROUP: 'Create the group',
  CREATE_GROUP_TYPE: 'Create the group type',
  SAVE: 'Save',
  DELETE: 'Delete',
  DETAILS: 'Details',
  CANCEL: 'Cancel',
  BACK_TO_GROUPS: 'Back to the groups list',
  BACK_TO_GROUP_TYPES: 'Back to the group types list',
  GROUPS_OF_TYPE: 'Groups of this type',
  CREATED: 'Created.',
  SAVED: 'Saved.',
  DELETED: 'Deleted.',
  MEMBER_ADDED: 'Member added.',
  MANAGER_ADDED: 'Manager added.',
  MEMBER_REMOVED: 'Member removed.',
  MANAGER_REMOVED: 'Manager removed.',
  DELETE_GROUP_TITLE: 'Group deletion',
  DELETE_GROUP_TEXT: 'Do you really want to delete this group?',
  DELETE_GROUP_TYPE_TITLE: 'Group type deletion',
  DELETE_GROUP_TYPE_TEXT: 'Do you really want to delete this group type?',
  LOAD_FAILED: 'This could not be loaded.',
} as const;

const idSchema = entityIdSchema;
export const groupIdParamsSchema = idParamsSchema;
export const groupTypeIdParamsSchema = idParamsSchema;
export const groupMemberParamsSchema = z.object({ groupId: idSchema, userId: idSchema });
/** `as=manager` adds or removes a manager; a member otherwise. */
export const groupMemberQuerySchema = z.object({ as: z._default(z.enum(['member', 'manager']), 'member') });
export type GroupMemberQuery = z.infer<typeof groupMemberQuerySchema>;

/** The group page's picker of a member or a manager to add: the user chosen by name (the request's path). */
export const groupUserFormSchema = z.object({
  user: z.nullable(userSummarySchema).check(z.refine((user) => user !== null, required('User'))),
});
export type GroupUserForm = z.infer<typeof groupUserFormSchema>;

/** A group's name or a type's label: trimmed, required, at most `max` characters. */
const nameRule = (field: string, max: number, tooLong: string) =>
  z.string({ error: required(field) }).check(z.trim(), z.minLength(1, { error: required(field), abort: true }), z.maxLength(max, tooLong));

export const groupNameSchema = nameRule(groupMessages.GROUP_NAME, GROUP_NAME_MAX, groupMessages.GROUP_NAME_TOO_LONG);
export const groupTypeLabelSchema = nameRule(groupMessages.LABEL, GROUP_TYPE_LABEL_MAX, groupMessages.GROUP_TYPE_LABEL_TOO_LONG);

/** The group type form (create and edit), also the body of POST /groupType and PUT /groupType/{id}. */
export const groupTypeFormSchema = z.object({ label: groupTypeLabelSchema });
export type GroupTypeForm = z.infer<typeof groupTypeFormSchema>;

/** The group form: a name and an optional type (null: none). */
export const groupFormSchema = z.object({
  name: groupNameSchema,
  groupTypeId: z.nullable(idValueSchema),
});
export type GroupForm = z.infer<typeof groupFormSchema>;

/** The wire shape of POST /group and PUT /group/{id}: (groupId, name, groupType), as existing callers send it. */
export const groupBodySchema = z.object({
  groupId: z.optional(idValueSchema),
  name: groupNameSchema,
  groupType: z._default(z.nullable(z.object({ groupTypeId: idValueSchema })), null),
});
export type GroupBody = z.input<typeof groupBodySchema>;

/** POST /groups: several groups at once, all or none. */
export const groupsBodySchema = z.array(groupBodySchema).check(z.minLength(1, groupMessages.GROUPS_EMPTY), z.maxLength(100));

export function groupBodyFromForm(form: GroupForm, groupId?: number): GroupBody {
  return { ...(groupId ? { groupId } : {}), name: form.name, groupType: form.groupTypeId ? { groupTypeId: form.groupTypeId } : null };
}

export const groupTypeSchema = z.object({
  groupTypeId: z.int(),
  label: z.string(),
  /** How many groups have this type. */
  groupCount: z.int(),
});
export type GroupType = z.infer<typeof groupTypeSchema>;
export const groupTypeListSchema = z.array(groupTypeSchema);

export const groupTypeRefSchema = z.object({ groupTypeId: z.int(), label: z.string() });

export const groupUserSchema = userSummarySchema;
export type GroupUser = z.infer<typeof groupUserSchema>;

// A reply's own fields: alike in shape only to other replies' field lists.
export const groupSummarySchema = z.object({
  groupId: z.int(),
  name: z.string(),
  groupType: z.nullable(groupTypeRefSchema),
  memberCount: z.int(),
  managerCount: z.int(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
export const groupSummaryListSchema = z.array(groupSummarySchema);

export const groupDetailsSchema = z.object({
  groupId: z.int(),
  name: z.string(),
  groupType: z.nullable(groupTypeRefSchema),
  users: z.array(groupUserSchema),
  managerUsers: z.array(groupUserSchema),
});
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

export const deleteGroupReplySchema = z.object({ groupId: z.int() });
export const deleteGroupTypeReplySchema = z.object({ groupTypeId: z.int() });
