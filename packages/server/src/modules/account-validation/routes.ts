import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountToValidateListSchema,
  accountUpdateTokenBodySchema,
  confirmUserAccountUpdateReplySchema,
  errorReplySchema,
  importAccountsBodySchema,
  importAccountsReplySchema,
  updateAccountBodySchema,
  updateAccountReplySchema,
  updateTokenCheckReplySchema,
  userAccountsToUpdateParamsSchema,
  userAccountToValidateBodySchema,
  validationCountReplySchema,
} from '@testbed/contract';
import type { AccountValidationService } from './service.js';

const adminErrors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema };
// The token calls are open: a guessed token is 256 random bits, and these limits keep guessing pointless.
const tokenLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const accountValidationRoutes: FastifyPluginAsyncZod<{ validation: AccountValidationService }> = async (
  app,
  { validation },
) => {
  app.get('/userAccountsToUpdate/:date', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['account validation'],
      summary: 'Approved accounts last validated before the day `date` (milliseconds) or never, not pending (administrators)',
      params: userAccountsToUpdateParamsSchema,
      response: { 200: accountToValidateListSchema, ...adminErrors },
    },
    handler: (request) => validation.accountsToUpdate(request, request.params.date),
  });

  app.get('/userAccountPendingList', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['account validation'],
      summary: 'Accounts waiting for the validation of their update (administrators)',
      response: { 200: accountToValidateListSchema, ...adminErrors },
    },
    handler: (request) => validation.pendingAccounts(request),
  });

  app.post('/auth/userAccountToValidate', {
    schema: {
      tags: ['account validation'],
      summary: 'Ask these users to update and validate their account; answers how many were asked (administrators)',
      body: userAccountToValidateBodySchema,
      response: { 200: validationCountReplySchema, ...adminErrors, 404: errorReplySchema },
    },
    handler: (request) => validation.requestValidation(request, request.body),
  });

  app.post('/auth/checkTokenExitForAccountValidation', {
    config: { public: true, ...tokenLimit },
    schema: {
      tags: ['account validation'],
      summary: "Resolve an account-update link: its status and, when valid, the account's current data",
      body: accountUpdateTokenBodySchema,
      response: { 200: updateTokenCheckReplySchema, 400: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => validation.checkUpdateToken(request.body.token),
  });

  app.post('/auth/updateAccount', {
    config: { public: true, ...tokenLimit },
    schema: {
      tags: ['account validation'],
      summary: 'Update an account through its link; the administrators are then asked to validate it',
      body: updateAccountBodySchema,
      response: {
        200: updateAccountReplySchema,
        400: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        429: errorReplySchema,
      },
    },
    handler: (request) => validation.updateAccount(request, request.body),
  });

  app.post('/auth/confirmUserAccountUpdate', {
    config: { public: true, ...tokenLimit },
    schema: {
      tags: ['account validation'],
      summary: "Validate an account update from an administrator's link; says whether another administrator was first",
      body: accountUpdateTokenBodySchema,
      response: { 200: confirmUserAccountUpdateReplySchema, 400: errorReplySchema, 404: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => validation.confirmUpdate(request, request.body.token),
  });

  app.post('/auth/importAccounts', {
    // A few hundred accounts per import; room for long SSH keys and intended usages.
    bodyLimit: 2 * 1024 * 1024,
    schema: {
      tags: ['account validation'],
      summary: 'Import accounts from CSV text; answers the count imported and an error per rejected line (administrators)',
      body: importAccountsBodySchema,
      response: { 200: importAccountsReplySchema, ...adminErrors },
    },
    handler: (request) => validation.importAccounts(request, request.body.text),
  });
};
