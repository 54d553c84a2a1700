// Account re-validation and bulk import (docs/accounts.md). An administrator asks users whose last
// validation is older than a date to re-validate: they
// are disabled and get a link to complete their account; an administrator then approves the update from a
// link of their own. Administrators also import accounts from CSV text, one account per line.
import * as z from 'zod/mini';
import { employerTextShape } from './employers.js';
import { MAX_INSTANT_MS, idFieldSchema, wholeNumberText } from './input.js';
import { messages } from './messages.js';
import { signupFormSchema } from './registration.js';
import { passwordRule, passwordSchema, PHONE_RULE_MESSAGE, requiredString } from './rules.js';
import { userSummarySchema } from './user-summary.js';
import { userListItemSchema } from './users.js';

// The sign-up form's field rules, so that an updated or imported account obeys exactly what a sign-up does.
const signup = signupFormSchema.shape;

/** Replies of these calls and the words of their screens. */
export const accountValidationMessages = {
  // the screens' and replies' texts
  NO_ACCOUNT_TO_VALIDATE: 'no account to validate',
  NO_VALIDATION_PENDING_ACCOUNT: 'No validation pending account',
  SEARCH_ACCOUNTS: 'Search accounts',
  REQUEST_VALIDATION: 'Request the selected users to validate their account',
  PENDING: 'Pending',
  NO_PENDING: 'No pending',
  UPDATE_MY_ACCOUNT: 'Update my account',
  GO_BACK_TO_SIGN_IN: 'Go back to sign-in',
  IMPORT_ACCOUNTS: 'Import accounts',
  RESET: 'Reset',
  CANCEL: 'Cancel',
  INVALID_PASSWORD: 'invalid password',
  PASSWORDS_MUST_BE_THE_SAME: 'the passwords must be the same',
  INVALID_PHONE: PHONE_RULE_MESSAGE,
  INVALID_EMAIL: 'Invalid email.',
  INVALID_DATA: 'Please enter valid data',
  ACCOUNT_UPDATE_VALIDATED_BY_OTHER: messages.ACCOUNT_UPDATE_VALIDATED_BY_OTHER,
  ACCOUNT_ALREADY_UPDATED: messages.ACCOUNT_ALREADY_UPDATED,
  // screens
  VALIDATE_ACCOUNTS: 'Validate accounts',
  VALIDATE_ACCOUNTS_HELP:
    'Accounts whose last validation is older than the chosen day (or that were never validated) are listed, except those already pending.',
  VALIDATION_PENDING_ACCOUNTS: 'Accounts pending validation',
  LAST_VALIDATED_BEFORE: 'Last validated before',
  DAYS_IN_ZONE: 'Days begin at midnight in {{zone}}',
  MONTHS_SHOWN: 'Months shown',
  MONTH: 'Month',
  YEAR: 'Year',
  SELECT_ALL: 'Select all accounts',
  SELECT_ACCOUNT: 'Select',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  EMAIL: 'Email',
  SIGN_UP_DATE: 'Sign up date',
  LAST_VALIDATION_DATE: 'Last validation date',
  STATUS: 'Status',
  NEVER: 'never',
  VALIDATION_REQUESTED: '{{count}} user(s) asked to validate their account.',
  SEE_PENDING_ACCOUNTS: 'See the accounts pending validation',
  SEE_VALIDATE_ACCOUNTS: 'Ask other users to validate their account',
  CANNOT_ASK_YOURSELF: 'You cannot ask yourself to validate your account.',
  ACCOUNT_NOT_FOUND: 'Some of the selected accounts do not exist or have been deleted.',
  UPDATE_ACCOUNT: 'Complete your account',
  UPDATE_ACCOUNT_HELP:
    'An administrator asked you to check your account. Update your information and choose a new password; an administrator will then validate your account.',
  PERSONAL_INFORMATION: 'Personal information',
  CREDENTIALS: 'Credentials',
  EMPLOYER: 'Employer',
  INTENDED_USAGE: 'Intended usage',
  PHONE_NUMBER: 'Phone number',
  INSTANT_MESSAGING: 'Instant messaging',
  PERSONAL_URL: 'Personal URL',
  PASSWORD: 'Password',
  REPEAT_PASSWORD: 'Repeat password',
  EXISTING_SSH_KEYS: 'Your SSH keys',
  NO_SSH_KEY: 'No SSH key.',
  REMOVE: 'Remove',
  KEY_REMOVED: 'will be removed',
  UNDO: 'Keep it',
  ADD_SSH_KEY: 'Add an SSH key',
  READ_FROM_FILE: 'Read from a .pub file',
  FILE_UNREADABLE: 'This file cannot be read.',
  INSTITUTE_NAME: 'Institute name',
  COUNTRY_NAME: 'Country',
  LABORATORY_NAME: 'Laboratory / entity',
  TEAM_NAME: 'Team name',
  LOCATION: 'Location',
  EMPLOYER_URL: 'Employer URL',
  EMPLOYER_TYPE: 'Employer type',
  PROFESSIONAL_STATUS: 'Professional status',
  UPDATE_ACCOUNT_PENDING_TITLE: 'Your account update is recorded',
  UPDATE_ACCOUNT_PENDING_TEXT:
    'Thank you. An administrator will now validate your account; you will receive an e-mail once it is done.',
  ACCOUNT_ALREADY_UPDATED_TITLE: 'Account already updated',
  ACCOUNT_UPDATE_VALIDATION: 'Account update validation',
  ACCOUNT_UPDATE_VALIDATED: 'The account update of {{name}} ({{username}}) is validated: the account is enabled again.',
  BACK_TO_USERS: 'Back to the users list',
  IMPORT_DATA: 'Accounts (CSV)',
  IMPORT_DATA_REQUIRED: 'The data is required',
  IMPORT_FROM_FILE: 'Read from a .csv file',
  IMPORT_FORMAT_TITLE: 'Format',
  IMPORTED_COUNT: 'Accounts imported: {{count}}',
  IMPORT_REJECTED: 'Rejected lines: {{count}}',
  IMPORT_LINE: 'Line {{line}}',
  IMPORT_RUNNING: 'Importing accounts…',
  IMPORT_TOO_MANY_LINES: 'At most {{max}} accounts can be imported at once.',
} as const;

/** Ids are PostgreSQL integers: anything else is a 400, never a database error. */
const idSchema = idFieldSchema;

// ---------------------------------------------------------------------------------------------------------
// Re-validation requests (administrators)

/** GET /userAccountsToUpdate/{date}: the date is the chosen day's timestamp in milliseconds. */
export const userAccountsToUpdateParamsSchema = z.object({
  date: wholeNumberText(0, MAX_INSTANT_MS),
});

/** An account of the users list (dates as ISO 8601 instants), with its pending flag under the name existing callers read (docs/api.md). */
export const accountToValidateSchema = z.extend(
  z.pick(userListItemSchema, {
    userId: true,
    firstname: true,
    lastname: true,
    username: true,
    email: true,
    signUpDate: true,
    lastValidationDate: true,
    isEnabled: true,
  }),
  { userAccountValidationPending: z.boolean() },
);
export type AccountToValidate = z.infer<typeof accountToValidateSchema>;
export const accountToValidateListSchema = z.array(accountToValidateSchema);

/** POST /auth/userAccountToValidate: the ids of the users asked to validate their account. */
export const userAccountToValidateBodySchema = z
  .array(idSchema)
  .check(z.minLength(1, 'Select at least one account.'), z.maxLength(1000, 'At most 1000 accounts at once.'));

export const validationCountReplySchema = z.object({ count: z.int() });
export type ValidationCountReply = z.infer<typeof validationCountReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// The user's update through their link (open token routes)

export const accountUpdateTokenBodySchema = z.object({
  token: z.string({ error: messages.TOKEN_INVALID }).check(z.minLength(1), z.maxLength(200)),
});
export type AccountUpdateTokenBody = z.infer<typeof accountUpdateTokenBodySchema>;

export const UPDATE_TOKEN_STATUSES = ['token_valid', 'token_invalid', 'user_not_found', 'token_already_used'] as const;
export type UpdateTokenStatus = (typeof UPDATE_TOKEN_STATUSES)[number];

// Its fields are the form's, as text to prefill it: alike in shape only to the users list's reply.
export const updateAccountPrefillSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  instantMessaging: z.string(),
  personnalURL: z.string(),
  credentials: z.array(z.object({ credentialId: z.int(), sshKey: z.string(), fingerprint: z.string() })),
  ...employerTextShape,
  employerType: z.string(),
  professionalStatus: z.string(),
  intendedUsage: z.string(),
});
export type UpdateAccountPrefill = z.infer<typeof updateAccountPrefillSchema>;

/** POST /auth/checkTokenExitForAccountValidation: what the updateAccount page's resolver needs. */
export const updateTokenCheckReplySchema = z.object({
  status: z.enum(UPDATE_TOKEN_STATUSES),
  account: z.optional(updateAccountPrefillSchema),
  employerTypes: z.array(z.string()),
  professionalStatuses: z.array(z.string()),
});
export type UpdateTokenCheckReply = z.infer<typeof updateTokenCheckReplySchema>;

/** Employer type and professional status travel by label in these forms (and in CSV). */
const optionalLabel = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(100, 'At most 100 characters.'))),
  z.transform((value) => (value ? value : undefined)),
);

/** The SSH key and employer fields, the same in the update-account form and in an import line. */
const keyAndEmployerFields = {
  sshKey: signup.sshKey,
  instituteName: signup.instituteName,
  laboratoryName: signup.laboratoryName,
  teamName: signup.teamName,
  location: signup.location,
  countryName: signup.countryName,
  employerURL: signup.employerURL,
  employerType: optionalLabel,
  professionalStatus: optionalLabel,
};

/** The update-account form. */
export const updateAccountFormSchema = z
  .object({
    firstname: signup.firstname,
    lastname: signup.lastname,
    phoneNumber: signup.phoneNumber,
    instantMessaging: signup.instantMessaging,
    personnalURL: signup.personnalURL,
    password: z.pipe(requiredString('Password'), passwordRule(accountValidationMessages.INVALID_PASSWORD)),
    repassword: z.string({ error: 'Password verification is required' }).check(z.minLength(1, 'Password verification is required')),
    /** Existing SSH keys the user removed with their button. */
    removedCredentialIds: z._default(z.array(idSchema).check(z.maxLength(100)), []),
    ...keyAndEmployerFields,
    // Required here, blank text refused.
    intendedUsage: z.pipe(
      z.string({ error: 'Intended usage is required' }).check(
        z.minLength(1, 'Intended usage is required'),
        z.maxLength(4000, 'This value is too long.'),
        z.refine((value) => value.trim() !== '', accountValidationMessages.INVALID_DATA),
      ),
      z.transform((value) => value.trim()),
    ),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.repassword !== form.password) {
        ctx.addIssue({ code: 'custom', path: ['repassword'], message: accountValidationMessages.PASSWORDS_MUST_BE_THE_SAME });
      }
    }),
  );
export type UpdateAccountForm = z.input<typeof updateAccountFormSchema>;
export type UpdateAccountData = z.output<typeof updateAccountFormSchema>;

export const updateAccountBodySchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  // Checked by the service so that its field errors are keyed by the form's own field names.
  updateAccountForm: z.record(z.string(), z.unknown()),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const updateAccountReplySchema = z.object({ username: z.string() });
export type UpdateAccountReply = z.infer<typeof updateAccountReplySchema>;

/** POST /auth/confirmUserAccountUpdate: true when another administrator approved this update first. */
export const confirmUserAccountUpdateReplySchema = z.object({
  alreadyValidated: z.boolean(),
  user: userSummarySchema,
});
export type ConfirmUserAccountUpdateReply = z.infer<typeof confirmUserAccountUpdateReplySchema>;

// ---------------------------------------------------------------------------------------------------------
// Bulk import (administrators)

/** At most this many accounts per import: one request stays well under the body limit and a few seconds. */
export const IMPORT_MAX_LINES = 500;

/** The columns an import may name in its header row: the sign-up fields, less what only a browser sends. */
export const IMPORT_COLUMNS = [
  'firstname',
  'lastname',
  'username',
  'email',
  'phoneNumber',
  'instantMessaging',
  'personnalURL',
  'password',
  'sshKey',
  'instituteName',
  'countryName',
  'laboratoryName',
  'teamName',
  'location',
  'employerURL',
  'employerType',
  'professionalStatus',
  'intendedUsage',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_REQUIRED_COLUMNS = ['firstname', 'lastname', 'username', 'email', 'instituteName', 'countryName'] as const;

/** An example the import screen shows and the documentation repeats. */
export const IMPORT_EXAMPLE = [
  'firstname,lastname,username,email,instituteName,countryName,employerType,professionalStatus,intendedUsage',
  'Ada,Lovelace,ada_lovelace,ada@example.org,University of Lyon,France,Academic,Researcher,Radio experiments',
  'Alan,Turing,alan,alan@example.org,"Lab of Networks, Inc.",United Kingdom,Company,Engineer,',
].join('\n');

/** One CSV line, after the header has mapped its cells to column names. */
export const importLineSchema = z.object({
  firstname: signup.firstname,
  lastname: signup.lastname,
  username: signup.username,
  email: signup.email,
  phoneNumber: signup.phoneNumber,
  instantMessaging: signup.instantMessaging,
  personnalURL: signup.personnalURL,
  /** Optional: without one, the user chooses it from the link of the welcome mail. */
  password: z.pipe(
    z.optional(z.union([z.literal(''), passwordSchema])),
    z.transform((value) => (value ? value : undefined)),
  ),
  ...keyAndEmployerFields,
  intendedUsage: signup.intendedUsage,
});
export type ImportLine = z.output<typeof importLineSchema>;

export const importAccountsBodySchema = z.object({
  text: z
    .string({ error: accountValidationMessages.IMPORT_DATA_REQUIRED })
    .check(z.refine((text) => text.trim().length > 0, accountValidationMessages.IMPORT_DATA_REQUIRED)),
});
export type ImportAccountsBody = z.infer<typeof importAccountsBodySchema>;

export const importLineErrorSchema = z.object({
  /** 1-based line number in the text, the header being line 1. */
  line: z.int(),
  message: z.string(),
});
export type ImportLineError = z.infer<typeof importLineErrorSchema>;

export const importAccountsReplySchema = z.object({
  count: z.int(),
  errors: z.array(importLineErrorSchema),
});
export type ImportAccountsReply = z.infer<typeof importAccountsReplySchema>;
