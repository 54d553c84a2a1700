// Roles: a named role given to users. ADMIN and USER are the
// authorities of the session; they are seeded and can be neither renamed nor deleted, since signing in
// reads them by name.
import * as z from 'zod/mini';
import { idParamsSchema } from './input.js';
import { required } from './rules.js';
import { userSummarySchema } from './user-summary.js';

/** The roles sign-in depends on. */
export const PROTECTED_ROLES = ['ADMIN', 'USER'] as const;

export const ROLE_NAME_PATTERN = /^[A-Z][A-Z0-9_]{1,31}$/;

export const roleMessages = {
  ROLE_NAME: 'Role name',
  NUMBER_OF_USERS: 'Number of users',
  INVALID_ROLE_NAME:
    'Invalid role name. A role name starts with a capital letter, then can contain capital letters, digits or underscores, and is 2 to 32 characters long.',
  DUPLICATE: 'A role with this name already exists.',
  NOT_FOUND: 'Role not found.',
  PROTECTED: 'The ADMIN and USER roles are needed to sign in: they cannot be renamed or deleted.',
  HAS_USERS: "You can't delete a role that is given to users.",
  // screens
  ROLES: 'Roles',
  ROLE: 'Role',
  NEW_ROLE: 'New role',
  CREATE: 'Create the role',
  SAVE: 'Save',
  DETAILS: 'Details',
  DELETE: 'Delete',
  CANCEL: 'Cancel',
  BACK_TO_ROLES: 'Back to the roles list',
  USERS_WITH_ROLE: 'Users with this role',
  NO_USER_WITH_ROLE: 'No user has this role.',
  FIRST_USERS_SHOWN: 'Only the first {{count}} users, by last name, are listed here.',
  NO_ROLE: 'There is no role.',
  CREATED: 'Role created.',
  SAVED: 'Role saved.',
  DELETED: 'Role deleted.',
  DELETE_TITLE: 'Role deletion',
  DELETE_TEXT: 'Do you really want to delete this role?',
  PROTECTED_HINT: 'Sign-in depends on this role: it cannot be renamed or deleted.',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  LOAD_FAILED: 'The roles could not be loaded.',
} as const;

export const roleIdParamsSchema = idParamsSchema;

/** The role form (create and rename); the server validates the same way. */
export const roleFormSchema = z.object({
  roleName: z
    .string({ error: required(roleMessages.ROLE_NAME) })
    .check(
      z.trim(),
      z.minLength(1, { error: required(roleMessages.ROLE_NAME), abort: true }),
      z.regex(ROLE_NAME_PATTERN, roleMessages.INVALID_ROLE_NAME),
    ),
});
export type RoleForm = z.infer<typeof roleFormSchema>;

export const roleSchema = z.object({
  roleId: z.int(),
  roleName: z.string(),
  /** How many users hold the role. */
  userCount: z.int(),
  /** ADMIN and USER: cannot be renamed or deleted. */
  protected: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema);

export const roleUserSchema = userSummarySchema;
/** `users` holds at most the first 500 holders by last name; `userCount` counts them all. */
export const roleDetailsSchema = z.extend(roleSchema, { users: z.array(roleUserSchema) });
export type RoleDetails = z.infer<typeof roleDetailsSchema>;

export const deleteRoleReplySchema = z.object({ roleId: z.int() });
export type DeleteRoleReply = z.infer<typeof deleteRoleReplySchema>;
