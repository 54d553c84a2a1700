// The account security handlers; paths, schemas, documentation and access are the endpoint table's.
import { accountSecurityEndpoints } from '@testbed/contract/endpoints/account-security';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { AccountSecurityService } from './service.js';

export const accountSecurityRoutes = endpointRoutes(accountSecurityEndpoints, ({ accounts }: { accounts: AccountSecurityService }) => ({
  requestPasswordReset: (request) => accounts.requestPasswordReset(request.query.email, request.ip),
  checkResetToken: (request) => accounts.checkResetToken(request.body.token),
  resetPassword: (request) => accounts.resetPassword(request.body, request.ip),
  changePassword: (request) => accounts.changePassword(request, request.body),
  changePasswordByAdmin: (request) => accounts.changePasswordByAdmin(request, request.body),
  summary: (request) => accounts.summary(request, request.params.id),
  changeEmail: (request) => accounts.changeEmail(request, request.body),
  changeEmailByAdmin: (request) => accounts.changeEmailByAdmin(request, request.body),
  confirmChangeEmail: (request) => accounts.confirmChangeEmail(request.body.token, request.ip),
  deleteOwnAccount: (request) => accounts.deleteOwnAccount(request, request.params.id, request.body.password),
  deletePartiallyByAdmin: (request) => accounts.deletePartiallyByAdmin(request, request.params.id),
}));
