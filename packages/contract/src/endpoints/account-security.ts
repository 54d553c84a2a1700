// The account security endpoints.
import {
  accountSummarySchema,
  accountTokenBodySchema,
  accountUserParamsSchema,
  changeEmailBodySchema,
  changeEmailReplySchema,
  changePasswordBodySchema,
  changePasswordByAdminBodySchema,
  checkTokenReplySchema,
  confirmChangeEmailReplySchema,
  deleteAccountFormSchema,
  deleteAccountReplySchema,
  partialDeletionReplySchema,
  passwordChangedReplySchema,
  passwordForgottenFormSchema,
  passwordForgottenReplySchema,
  resetPasswordBodySchema,
} from '../account-security.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusalsWithConflict, MAIL_LINK_TOKEN_LIMIT } from '../endpoint.js';

const tokenErrors = { 400: errorReplySchema, 409: errorReplySchema, 429: errorReplySchema };

// Mail sending by the call that anybody may make, limited per address.
const RESET_REQUEST_LIMIT = { max: 5, timeWindow: '15 minutes' };
// Password guessing through the signed-in calls that take a password.
const PASSWORD_LIMIT = { max: 10, timeWindow: '1 minute' };

export const accountSecurityEndpoints = /* @__PURE__ */ defineEndpoints('account-security', {
  requestPasswordReset: {
    method: 'GET',
    path: '/auth/checkEmailResetPassword',
    action: 'account:request-password-reset',
    rateLimit: RESET_REQUEST_LIMIT,
    tags: ['account security'],
    summary: 'Mail a password-reset link (valid one hour) to the account of this address; the reply is always the same',
    query: passwordForgottenFormSchema,
    replies: { 200: passwordForgottenReplySchema, 400: errorReplySchema, 429: errorReplySchema },
  },

  checkResetToken: {
    method: 'POST',
    path: '/auth/checkTokenExits',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['account security'],
    summary: 'Whether a password-reset token can still be used (without using it)',
    body: accountTokenBodySchema,
    replies: { 200: checkTokenReplySchema, 400: errorReplySchema, 429: errorReplySchema },
  },

  resetPassword: {
    method: 'POST',
    path: '/auth/changePasswordForgottingPassword',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['account security'],
    summary: 'Set a new password with a reset token; ends every session of the account',
    body: resetPasswordBodySchema,
    replies: { 200: passwordChangedReplySchema, ...tokenErrors },
  },

  changePassword: {
    method: 'POST',
    path: '/changePassword',
    action: 'account:change-password',
    rateLimit: PASSWORD_LIMIT,
    tags: ['account security'],
    summary: 'Change one\'s password with the current one; other sessions end, the caller gets a fresh session',
    body: changePasswordBodySchema,
    replies: { 200: passwordChangedReplySchema, ...itemRefusalsWithConflict, 429: errorReplySchema },
  },

  changePasswordByAdmin: {
    method: 'POST',
    path: '/changePasswordByAdmin',
    action: 'account:change-password-by-admin',
    tags: ['account security'],
    summary: "Set a user's password (administrators); ends the user's sessions",
    body: changePasswordByAdminBodySchema,
    replies: { 200: passwordChangedReplySchema, ...itemRefusalsWithConflict },
  },

  summary: {
    method: 'GET',
    path: '/accountSummary/:id',
    action: 'account:read-summary',
    tags: ['account security'],
    summary: 'Name, username and e-mail of the account shown by the password, e-mail and deletion screens',
    params: accountUserParamsSchema,
    replies: { 200: accountSummarySchema, ...itemRefusalsWithConflict },
  },

  changeEmail: {
    method: 'POST',
    path: '/changeEmail',
    action: 'account:change-email',
    tags: ['account security'],
    summary: 'Mail a confirmation link (valid 24 hours) to the new address; the address changes when it is opened',
    body: changeEmailBodySchema,
    replies: { 200: changeEmailReplySchema, ...itemRefusalsWithConflict },
  },

  changeEmailByAdmin: {
    method: 'POST',
    path: '/changeEmailByAdmin',
    action: 'account:change-email-by-admin',
    tags: ['account security'],
    summary: "Mail a confirmation link for a user's new address (administrators)",
    body: changeEmailBodySchema,
    replies: { 200: changeEmailReplySchema, ...itemRefusalsWithConflict },
  },

  confirmChangeEmail: {
    method: 'POST',
    path: '/confirmTokenChangeEmail',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['account security'],
    summary: 'Open an e-mail change link: the account takes the new address and the old one is told',
    body: accountTokenBodySchema,
    replies: { 200: confirmChangeEmailReplySchema, ...tokenErrors },
  },

  deleteOwnAccount: {
    method: 'POST',
    path: '/deleteUserPartiallyByUser/:id',
    action: 'account:delete',
    rateLimit: PASSWORD_LIMIT,
    tags: ['account security'],
    summary: 'Delete one\'s own account with one\'s password; its sessions end',
    params: accountUserParamsSchema,
    body: deleteAccountFormSchema,
    replies: { 200: deleteAccountReplySchema, ...itemRefusalsWithConflict, 429: errorReplySchema },
  },

  deletePartiallyByAdmin: {
    method: 'DELETE',
    path: '/deleteUserPartiallyByAdmin/:id',
    action: 'account:delete-partially',
    tags: ['account security'],
    summary: 'Anonymise an account (administrators): drops its credentials, intended usages, employers and password',
    params: accountUserParamsSchema,
    replies: { 200: partialDeletionReplySchema, ...itemRefusalsWithConflict },
  },
});
