// Users: the administrators' list, a user's details and their update, and the creation of a user by an
// administrator. Dates travel as ISO 8601 instants.
import * as z from 'zod/mini';
import { idParamsSchema, instantSchema, wholeNumberText } from './input.js';
import { normalisePhoneNumber } from './phone.js';
import { emailSchema, optionalText, passwordSchema, PHONE_RULE_MESSAGE, required, timeZoneSchema, usernameSchema } from './rules.js';
import { employerSummarySchema } from './employers.js';
import { intendedUsageSchema } from './intended-usages.js';
import { employerTypeSchema, professionalStatusSchema } from './reference-lists.js';
import { userSummarySchema } from './user-summary.js';


/** Ids are PostgreSQL integers: anything else is a 400, never a database error. */
export const userDetailsParamsSchema = idParamsSchema;

export const PHONE_MESSAGE = PHONE_RULE_MESSAGE;

/** The fields a user may change on their own account. */
export const ownUserFieldsSchema = z.object({
  firstname: z.string({ error: required('First name') }).check(z.trim(), z.minLength(1, required('First name')), z.maxLength(100)),
  lastname: z.string({ error: required('Last name') }).check(z.trim(), z.minLength(1, required('Last name')), z.maxLength(100)),
  phoneNumber: z.pipe(
    z.nullish(z.string().check(z.maxLength(40, PHONE_MESSAGE), z.refine((value) => normalisePhoneNumber(value) !== 'invalid', PHONE_MESSAGE))),
    z.transform((value) => (value ? normalisePhoneNumber(value) : null) as string | null),
  ),
  instantMessaging: optionalText(200, 'Instant messaging'),
  personalUrl: optionalText(500, 'Personal URL'),
  /** IANA time zone of the times the person reads; null: none chosen; absent: unchanged. */
  timeZone: z.optional(timeZoneSchema),
});

const roleNameSchema = z.string().check(z.regex(/^[A-Z][A-Z0-9_]{1,31}$/, 'Unknown role.'));

const instant = instantSchema('Invalid date');

/**
 * PUT /api/user/{id}: the user as the details form holds it. The last four fields are an administrator's:
 * a user sending other values than the stored ones is refused; sending them unchanged (a full user) is fine.
 */
export const updateUserSchema = z.extend(ownUserFieldsSchema, {
  lastValidationDate: z.nullish(instant),
  expirationDate: z.nullish(instant),
  isAdmin: z.optional(z.boolean()),
  isEnabled: z.optional(z.boolean()),
  /** The user's roles, by name or as the details answer them; ADMIN follows `isAdmin` whatever this list says. */
  roles: z.optional(
    z
      .array(
        z.union([
          roleNameSchema,
          z.pipe(
            z.object({ roleName: roleNameSchema }),
            z.transform((role) => role.roleName),
          ),
        ]),
      )
      .check(z.maxLength(100)),
  ),
});
export type UpdateUserForm = z.input<typeof updateUserSchema>;
export type UpdateUser = z.output<typeof updateUserSchema>;

/** POST /api/user: an administrator creates an account. */
export const createUserSchema = z.extend(ownUserFieldsSchema, {
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  isAdmin: z._default(z.boolean(), false),
  isEnabled: z._default(z.boolean(), true),
});
export type CreateUserForm = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;
export const createUserReplySchema = z.object({ userId: z.int() });

/** GET /api/users: a page of the list, filtered on the server (first and last name contain, any case). */
export const USERS_PAGE_SIZE = 50;
export const USERS_MAX_PAGE_SIZE = 200;
export const userListQuerySchema = z.object({
  firstname: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  lastname: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Matches the last name, first name or username (GET /users/?name=). */
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Only enabled users; on unless `false`. */
  validOnly: z.optional(z.enum(['true', 'false'])),
  page: z.optional(wholeNumberText(1, 100_000)),
  size: z.optional(wholeNumberText(1, USERS_MAX_PAGE_SIZE)),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userListItemSchema = z.extend(userSummarySchema, {
  email: z.string(),
  signUpDate: z.string(),
  approvedDate: z.nullable(z.string()),
  lastValidationDate: z.nullable(z.string()),
  expirationDate: z.nullable(z.string()),
  isEnabled: z.boolean(),
  isAdmin: z.boolean(),
  validationPending: z.boolean(),
  /** An account token (e-mail, validation, update ...) is waiting to be used. */
  hasToken: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListPageSchema = z.object({
  items: z.array(userListItemSchema),
  total: z.int(),
  page: z.int(),
  size: z.int(),
});
export type UserListPage = z.infer<typeof userListPageSchema>;

/** The users list's danger row (docs/web-app.md): not enabled, no validation pending and no token. */
export const isDangerUser = (user: Pick<UserListItem, 'isEnabled' | 'validationPending' | 'hasToken'>) =>
  !user.isEnabled && !user.validationPending && !user.hasToken;

export const userEmployerSchema = z.object({
  userEmployerId: z.int(),
  employer: employerSummarySchema,
  employerType: z.nullable(employerTypeSchema),
  professionalStatus: z.nullable(professionalStatusSchema),
  startDate: z.string(),
  endDate: z.nullable(z.string()),
  currentForUser: z.boolean(),
});
export type UserEmployer = z.infer<typeof userEmployerSchema>;

/** A user's own intended usage: the user is the one the details are of. */
export const userIntendedUsageSchema = z.omit(intendedUsageSchema, { user: true });

export const userGroupSchema = z.object({
  groupId: z.int(),
  name: z.string(),
  groupType: z.nullable(z.string()),
});

export const userDetailsSchema = z.extend(userListItemSchema, {
  phoneNumber: z.nullable(z.string()),
  instantMessaging: z.nullable(z.string()),
  personalUrl: z.nullable(z.string()),
  /** IANA time zone chosen on the profile; null: none (the web app uses the browser's, mails UTC). */
  timeZone: z.nullable(z.string()),
  charterAcceptanceDate: z.nullable(z.string()),
  /** Partially deleted (anonymised) by the user or an administrator. */
  anonymised: z.boolean(),
  roles: z.array(z.object({ roleId: z.int(), roleName: z.string() })),
  /** Current employer first, then newest start date first. */
  userEmployers: z.array(userEmployerSchema),
  intendedUsages: z.array(userIntendedUsageSchema),
  userGroups: z.array(userGroupSchema),
  managedGroups: z.array(userGroupSchema),
  /** Every role there is, for the administrators' roles panel; empty for other callers. */
  assignableRoles: z.array(z.object({ roleId: z.int(), roleName: z.string() })),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

// Each area keeps its own catalogue of words (alike in shape only), so a page loads only its area's.
export const userMessages = {
  USER_NOT_FOUND: 'User not found.',
  ADMIN_FIELDS_ONLY: 'Only an administrator can change roles, the admin and enabled flags and the validation dates.',
  LAST_ADMIN: 'The portal must keep at least one enabled administrator.',
  USERNAME_TAKEN: 'This username is already used.',
  EMAIL_TAKEN: 'This email is already used.',
  UNKNOWN_ROLE: 'Unknown role.',
  ACCOUNT_DELETED: 'This account has been deleted.',
  ALREADY_ANONYMISED: 'This account is already anonymised.',
  INVALID_DATE: 'Invalid date',
  // screens
  USERS: 'Users',
  USER: 'User',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  EMAIL: 'Email',
  PASSWORD: 'Password',
  PHONE_NUMBER: 'Phone number',
  INSTANT_MESSAGING: 'Instant messaging',
  PERSONAL_URL: 'Personal URL',
  TIME_ZONE: 'Time zone',
  TIME_ZONE_HINT: 'The zone of the times on every page, in your mails and in the command-line client. Empty: your browser’s zone ({{zone}}) on the pages, UTC in mails.',
  SIGN_UP_DATE: 'Sign up date',
  APPROVED_DATE: 'Approved date',
  LAST_VALIDATION_DATE: 'Last validation date',
  EXPIRATION_DATE: 'Expiration date',
  IS_ADMIN: 'Admin',
  IS_ENABLED: 'Enabled',
  VALIDATION: 'Validation',
  PENDING: 'Pending',
  NO_PENDING: 'No pending',
  VALID_USER_ONLY: 'Valid user only',
  FILTER_FIRST_NAME: 'Filter by first name',
  FILTER_LAST_NAME: 'Filter by last name',
  NO_USER: 'No user matches.',
  USERS_COUNT: '{{count}} user(s)',
  DETAILS: 'Details',
  ACTIONS: 'Actions',
  CREATE_USER: 'Create a user',
  GENERAL_CHARACTERISTICS: 'General characteristics',
  SUBMIT: 'Submit',
  SAVED: 'The user has been saved.',
  CREATED: 'The user has been created.',
  CHANGE_EMAIL: 'Change email',
  CHANGE_PASSWORD: 'Change password',
  DELETE_PARTIALLY: 'Delete user partially',
  BACK_TO_USERS: 'Back to users',
  CREDENTIALS: 'Credentials',
  EMPLOYERS: 'Employers',
  INTENDED_USAGES: 'Intended usages',
  ROLES: 'Roles',
  GROUPS: 'Groups',
  MANAGED_GROUPS: 'Managed groups',
  NO_CREDENTIAL: 'No SSH key.',
  NO_EMPLOYER: 'No employer.',
  NO_INTENDED_USAGE: 'No intended usage.',
  NO_ROLE: 'No role.',
  NO_GROUP: 'No group.',
  ADD_SSH_KEY: 'Add an SSH key',
  ADD_EMPLOYER: 'Add an employer',
  ADD_INTENDED_USAGE: 'Add an intended usage',
  CURRENT_EMPLOYER_NOTE: 'Current employer',
  ANONYMISED: 'This account has been partially deleted.',
  LOAD_FAILED: 'The user could not be loaded.',
  PREVIOUS_PAGE: 'Previous page',
  NEXT_PAGE: 'Next page',
  PAGE_OF: 'Page {{page}} of {{pages}}',
  NAME: 'Name',
  GROUP_TYPE: 'Group type',
} as const;
