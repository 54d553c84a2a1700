// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
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
import type { AccountUpdates } from './account-update.js';
import type { AccountImport } from './import-accounts.js';
import type { RevalidationRequests } from './revalidation-requests.js';
import { itemRefusals, requestRefusals as adminErrors } from '../../errors.js';

// The token calls are open: a guessed token is 256 random bits, and these limits keep guessing pointless.
const tokenLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export interface AccountValidationServices {
  requests: RevalidationRequests;
  updates: AccountUpdates;
  imports: AccountImport;
}

export const accountValidationRoutes: FastifyPluginAsyncZod<AccountValidationServices> = async (app, { requests, updates, imports }) => {
  app.get('/userAccountsToUpdate/:date', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['account validation'],
      summary: 'Approved accounts last validated before the day `date` (milliseconds) or never, not pending (administrators)',
      params: userAccountsToUpdateParamsSchema,
      response: { 200: accountToValidateListSchema, ...adminErrors },
    },
    handler: (request) => requests.accountsToUpdate(request.principal, request.params.date),
  });

  app.get('/userAccountPendingList', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['account validation'],
      summary: 'Accounts waiting for the validation of their update (administrators)',
      response: { 200: accountToValidateListSchema, ...adminErrors },
    },
    handler: (request) => requests.pendingAccounts(request.principal),
  });

  app.post('/auth/userAccountToValidate', {
    schema: {
      tags: ['account validation'],
      summary: 'Ask these users to update and validate their account; answers how many were asked (administrators)',
      body: userAccountToValidateBodySchema,
      response: { 200: validationCountReplySchema, ...itemRefusals },
    },
    handler: (request) => requests.requestValidation(request.principal, request.body, request.ip),
  });

  app.post('/auth/checkTokenExitForAccountValidation', {
    config: { public: true, ...tokenLimit },
    schema: {
      tags: ['account validation'],
      summary: "Resolve an account-update link: its status and, when valid, the account's current data",
      body: accountUpdateTokenBodySchema,
      response: { 200: updateTokenCheckReplySchema, 400: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => updates.checkUpdateToken(request.body.token),
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
    handler: (request) => updates.updateAccount(request.principal, request.body, request.ip),
  });

  app.post('/auth/confirmUserAccountUpdate', {
    config: { public: true, ...tokenLimit },
    schema: {
      tags: ['account validation'],
      summary: "Validate an account update from an administrator's link; says whether another administrator was first",
      body: accountUpdateTokenBodySchema,
      response: { 200: confirmUserAccountUpdateReplySchema, 400: errorReplySchema, 404: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => updates.confirmUpdate(request.principal, request.body.token, request.ip),
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
    handler: (request) => imports.importAccounts(request.principal, request.body.text, request.ip),
  });
};
