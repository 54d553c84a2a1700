// The account validation handlers; paths, schemas, documentation and access are the endpoint table's.
import { accountValidationEndpoints } from '@testbed/contract/endpoints/account-validation';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { AccountUpdates } from './account-update.js';
import type { AccountImport } from './import-accounts.js';
import type { RevalidationRequests } from './revalidation-requests.js';

export interface AccountValidationServices {
  requests: RevalidationRequests;
  updates: AccountUpdates;
  imports: AccountImport;
}

export const accountValidationRoutes = endpointRoutes(accountValidationEndpoints, ({ requests, updates, imports }: AccountValidationServices) => ({
  accountsToUpdate: (request) => requests.accountsToUpdate(request.principal, request.params.date),
  pendingAccounts: (request) => requests.pendingAccounts(request.principal),
  requestValidation: (request) => requests.requestValidation(request.principal, request.body, request.ip),
  checkUpdateToken: (request) => updates.checkUpdateToken(request.body.token),
  updateAccount: (request) => updates.updateAccount(request.principal, request.body, request.ip),
  confirmUpdate: (request) => updates.confirmUpdate(request.principal, request.body.token, request.ip),
  importAccounts: {
    // A few hundred accounts per import; room for long SSH keys and intended usages.
    extras: { bodyLimit: 2 * 1024 * 1024 },
    handler: (request) => imports.importAccounts(request.principal, request.body.text, request.ip),
  },
}));
