// Passwords, e-mail changes and account deletion. One schema per form, used by the page and by the API, so
// both give the same message.
import * as z from 'zod/mini';
import { idParamsSchema, idValueSchema } from './input.js';
import { messages } from './messages.js';
import { emailSchema, PASSWORD_MAX_LENGTH, passwordSchema, required } from './rules.js';
import { signinReplySchema } from './auth.js';
import { accountNamesShape } from './user-summary.js';

export const accountSecurityMessages = {
  INVALID_EMAIL: 'Invalid email.',
  EMAIL_REPEAT_MISMATCH: 'The "Email verification" must be the same as "Email".',
  NEW_PASSWORD_REPEAT_MISMATCH: 'The new password and its verification must be the same',
  PASSWORD_REQUIRED: 'Password is required',
  COMMON_PASSWORD: 'This password is too common: it is among the first passwords an attacker tries. Please choose another one.',
  SAME_PASSWORD: 'The new password must differ from the current one.',
  EMAIL_TAKEN: 'This e-mail address is already used by another account.',
  SAME_EMAIL: 'This is already the e-mail address of the account.',
  USER_NOT_FOUND: 'This user does not exist.',
  ACCOUNT_DELETED: 'This account has been deleted.',
  // pages
  PASSWORD_FORGOTTEN_TITLE: 'Forgotten password',
  PASSWORD_FORGOTTEN_TEXT: 'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  EMAIL: 'Email',
  SEND_RESET_LINK: 'Send me a link',
  RESET_PASSWORD_TITLE: 'Choose a new password',
  CURRENT_PASSWORD: 'Current password',
  NEW_PASSWORD: 'New password',
  NEW_PASSWORD_REPEAT: 'New password verification',
  PASSWORD_RULE_HINT:
    'At least 8 characters with a capital letter, a lower-case letter, a digit and a special character; no spaces.',
  SAVE_NEW_PASSWORD: 'Save the new password',
  CHANGE_PASSWORD_TITLE: 'Change password',
  CHANGE_PASSWORD_OF: 'Change the password of',
  PASSWORD_CHANGED_NOTICE: 'Your password has been changed.',
  OTHER_SESSIONS_ENDED: 'Your other sessions have been signed out.',
  PASSWORD_CHANGED_BY_ADMIN_TITLE: 'Password changed',
  PASSWORD_CHANGED_BY_ADMIN_TEXT: 'The password of this account has been changed and its sessions have been signed out.',
  BACK_TO_USER_ACCOUNT: 'Back to the user account',
  BACK_TO_USERS: 'Back to the users list',
  BACK_TO_MY_ACCOUNT: 'Back to my account',
  CHANGE_EMAIL_TITLE: 'Change email',
  CHANGE_EMAIL_OF: 'Change the e-mail address of',
  CURRENT_EMAIL: 'Current email',
  NEW_EMAIL: 'New email',
  NEW_EMAIL_REPEAT: 'Email verification',
  VALIDATE_NEW_EMAIL: 'Validate new e-mail',
  INFO_CHANGE_EMAIL_TITLE: 'Confirm your new e-mail address',
  INFO_CHANGE_EMAIL_TEXT:
    'We have sent a confirmation link to {{email}}. Your e-mail address changes when you open that link (valid 24 hours).',
  INFO_CHANGE_EMAIL_BY_ADMIN_TITLE: 'E-mail change requested',
  INFO_CHANGE_EMAIL_BY_ADMIN_TEXT:
    'A confirmation link has been sent to {{email}}. The address of {{name}} ({{username}}) changes when that link is opened.',
  CONFIRM_CHANGE_EMAIL_TITLE: 'E-mail address changed',
  CONFIRM_CHANGE_EMAIL_TEXT: 'The e-mail address of your account is now {{email}}.',
  DELETE_ACCOUNT_TITLE: 'Delete account',
  DELETE_ACCOUNT_WARNING:
    'Deleting your account removes your personal data, SSH keys, employers and intended usages and signs you out. Your past reservations are kept, without your name, for the testbed history. This cannot be undone.',
  DELETE_ACCOUNT_PASSWORD_HINT: 'Type your password to confirm.',
  DELETE_MY_ACCOUNT: 'Delete my account',
  ACCOUNT_DELETED_TITLE: 'Your account has been deleted',
  ACCOUNT_DELETED_TEXT: 'Your account and your personal data have been deleted, and you have been signed out.',
  TOKEN_INVALID_TITLE: 'Invalid link',
  CANCEL: 'Cancel',
  USER_OF: '{{name}} ({{username}})',
} as const;

export const accountEmailSchema = emailSchema;

/** A new password: required, the password rule of rules.ts. The common-password check is the server's. */
const newPasswordSchema = z.pipe(z.string().check(z.minLength(1, required('New password'))), passwordSchema);

// Forgotten password --------------------------------------------------------------------------------------

export const passwordForgottenFormSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, required('Email'))), accountEmailSchema),
});
export type PasswordForgottenForm = z.infer<typeof passwordForgottenFormSchema>;

/** The one reply of GET /api/auth/checkEmailResetPassword, whether the address exists or not. */
export const passwordForgottenReplySchema = z.object({ message: z.literal(messages.RESET_PASSWORD_SENT) });
export type PasswordForgottenReply = z.infer<typeof passwordForgottenReplySchema>;

const tokenSchema = z.string().check(z.trim(), z.minLength(1, messages.TOKEN_INVALID), z.maxLength(200, messages.TOKEN_INVALID));
export const accountTokenBodySchema = z.object({ token: tokenSchema });

/** Why a link cannot be used; the invalidToken page words each. */
export const TOKEN_PROBLEMS = ['invalid', 'expired', 'used'] as const;
export type TokenProblem = (typeof TOKEN_PROBLEMS)[number];

export const checkTokenReplySchema = z.object({ valid: z.boolean(), problem: z.optional(z.enum(TOKEN_PROBLEMS)) });
export type CheckTokenReply = z.infer<typeof checkTokenReplySchema>;

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, repeatPassword: z.string().check(z.minLength(1, required('New password verification'))) })
  .check(
    z.refine((form) => form.newPassword === form.repeatPassword, {
      path: ['repeatPassword'],
      message: accountSecurityMessages.NEW_PASSWORD_REPEAT_MISMATCH,
    }),
  );
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordBodySchema = z.object({ token: tokenSchema, newPassword: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

// Password change -----------------------------------------------------------------------------------------

export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string()
      .check(z.minLength(1, required('Current password')), z.maxLength(PASSWORD_MAX_LENGTH, messages.CURRENT_PASSWORD_WRONG)),
    newPassword: newPasswordSchema,
    repeatPassword: z.string().check(z.minLength(1, required('New password verification'))),
  })
  .check(
    z.refine((form) => form.newPassword === form.repeatPassword, {
      path: ['repeatPassword'],
      message: accountSecurityMessages.NEW_PASSWORD_REPEAT_MISMATCH,
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const userIdSchema = idValueSchema;

export const changePasswordBodySchema = z.object({
  userId: userIdSchema,
  currentPassword: z
    .string()
    .check(z.minLength(1, required('Current password')), z.maxLength(PASSWORD_MAX_LENGTH, messages.CURRENT_PASSWORD_WRONG)),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const adminChangePasswordFormSchema = resetPasswordFormSchema;
export const changePasswordByAdminBodySchema = z.object({ userId: userIdSchema, newPassword: newPasswordSchema });
export type ChangePasswordByAdminBody = z.infer<typeof changePasswordByAdminBodySchema>;

/**
 * A password change ends the account's sessions. When the caller changed their own password they get a
 * fresh session in `session`, so they stay signed in here and only their other sessions end.
 */
export const passwordChangedReplySchema = z.object({ changed: z.literal(true), session: z.optional(signinReplySchema) });
export type PasswordChangedReply = z.infer<typeof passwordChangedReplySchema>;

// E-mail change -------------------------------------------------------------------------------------------

export const changeEmailFormSchema = z
  .object({
    newEmail: z.pipe(z.string().check(z.trim(), z.minLength(1, required('New email'))), accountEmailSchema),
    reemail: z.string().check(z.trim(), z.minLength(1, required('Email verification'))),
  })
  .check(
    z.refine((form) => form.newEmail.toLowerCase() === form.reemail.toLowerCase(), {
      path: ['reemail'],
      message: accountSecurityMessages.EMAIL_REPEAT_MISMATCH,
    }),
  );
export type ChangeEmailForm = z.infer<typeof changeEmailFormSchema>;

export const changeEmailBodySchema = z.object({
  userId: userIdSchema,
  newEmail: z.pipe(z.string().check(z.trim(), z.minLength(1, required('New email'))), accountEmailSchema),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** The address is not changed yet: a link went to `newEmail` and the change happens when it is opened. */
export const changeEmailReplySchema = z.object({ userId: z.int(), newEmail: z.string(), confirmationSent: z.literal(true) });
export type ChangeEmailReply = z.infer<typeof changeEmailReplySchema>;

export const confirmChangeEmailReplySchema = z.object({ userId: z.int(), email: z.string() });
export type ConfirmChangeEmailReply = z.infer<typeof confirmChangeEmailReplySchema>;

// Account summary and deletion ----------------------------------------------------------------------------

export const accountUserParamsSchema = idParamsSchema;

/** What the password, e-mail and deletion screens show about the account they act on. */
export const accountSummarySchema = z.object({
  ...accountNamesShape,
  email: z.string(),
  /** The address waiting for its confirmation link to be opened, if any. */
  pendingEmail: z.nullable(z.string()),
  deleted: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const deleteAccountFormSchema = z.object({
  password: z
    .string()
    .check(z.minLength(1, accountSecurityMessages.PASSWORD_REQUIRED), z.maxLength(PASSWORD_MAX_LENGTH, messages.PASSWORD_WRONG)),
});
export type DeleteAccountForm = z.infer<typeof deleteAccountFormSchema>;

export const deleteAccountReplySchema = z.object({ userId: z.int(), deleted: z.literal(true) });
export type DeleteAccountReply = z.infer<typeof deleteAccountReplySchema>;

export const partialDeletionReplySchema = z.object({
  userId: z.int(),
  partiallyDeleted: z.literal(true),
  /** When the account was anonymised (ISO 8601). */
  anonymisedAt: z.string(),
});
export type PartialDeletionReply = z.infer<typeof partialDeletionReplySchema>;
