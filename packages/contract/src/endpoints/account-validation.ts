// The account validation endpoints.
import {
  accountToValidateListSchema,
  accountUpdateTokenBodySchema,
  confirmUserAccountUpdateReplySchema,
  importAccountsBodySchema,
  importAccountsReplySchema,
  updateAccountBodySchema,
  updateAccountReplySchema,
  updateTokenCheckReplySchema,
  userAccountToValidateBodySchema,
  userAccountsToUpdateParamsSchema,
  validationCountReplySchema,
} from '../account-validation.js';
import { defineEndpoints, itemRefusals, MAIL_LINK_TOKEN_LIMIT, requestRefusals } from '../endpoint.js';
import { errorReplySchema } from '../errors.js';

export const accountValidationEndpoints = /* @__PURE__ */ defineEndpoints('account-validation', {
  accountsToUpdate: {
    method: 'GET',
    path: '/userAccountsToUpdate/:date',
    action: 'accounts-to-validate:read',
    tags: ['account validation'],
    summary: 'Approved accounts last validated before the day `date` (milliseconds) or never, not pending (administrators)',
    params: userAccountsToUpdateParamsSchema,
    replies: { 200: accountToValidateListSchema, ...requestRefusals },
  },

  pendingAccounts: {
    method: 'GET',
    path: '/userAccountPendingList',
    action: 'accounts-to-validate:read',
    tags: ['account validation'],
    summary: 'Accounts waiting for the validation of their update (administrators)',
    replies: { 200: accountToValidateListSchema, ...requestRefusals },
  },

  requestValidation: {
    method: 'POST',
    path: '/auth/userAccountToValidate',
    action: 'account-validation:request',
    tags: ['account validation'],
    summary: 'Ask these users to update and validate their account; answers how many were asked (administrators)',
    body: userAccountToValidateBodySchema,
    replies: { 200: validationCountReplySchema, ...itemRefusals },
  },

  checkUpdateToken: {
    method: 'POST',
    path: '/auth/checkTokenExitForAccountValidation',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['account validation'],
    summary: "Resolve an account-update link: its status and, when valid, the account's current data",
    body: accountUpdateTokenBodySchema,
    replies: { 200: updateTokenCheckReplySchema, 400: errorReplySchema, 429: errorReplySchema },
  },

  updateAccount: {
    method: 'POST',
    path: '/auth/updateAccount',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['account validation'],
    summary: 'Update an account through its link; the administrators are then asked to validate it',
    body: updateAccountBodySchema,
    replies: {
        200: updateAccountReplySchema,
        400: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        429: errorReplySchema,
      },
  },

  confirmUpdate: {
    method: 'POST',
    path: '/auth/confirmUserAccountUpdate',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['account validation'],
    summary: "Validate an account update from an administrator's link; says whether another administrator was first",
    body: accountUpdateTokenBodySchema,
    replies: { 200: confirmUserAccountUpdateReplySchema, 400: errorReplySchema, 404: errorReplySchema, 429: errorReplySchema },
  },

  importAccounts: {
    method: 'POST',
    path: '/auth/importAccounts',
    action: 'accounts:import',
    tags: ['account validation'],
    summary: 'Import accounts from CSV text; answers the count imported and an error per rejected line (administrators)',
    body: importAccountsBodySchema,
    replies: { 200: importAccountsReplySchema, ...requestRefusals },
  },
});
