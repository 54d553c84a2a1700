// The registration handlers; paths, schemas, documentation and access are the endpoint table's.
import { registrationEndpoints } from '@testbed/contract/endpoints/registration';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { RegistrationService } from './service.js';

export const registrationRoutes = endpointRoutes(registrationEndpoints, ({ registration }: { registration: RegistrationService }) => ({
  captchaConfig: () => registration.captchaConfig(),
  captchaChallenge: async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return registration.captchaChallenge();
  },
  choices: () => registration.choices(),
  usernameAvailability: (request) => registration.usernameAvailability(request.query.username),
  emailAvailability: (request) => registration.emailAvailability(request.query.email),
  signUp: async (request, reply) => {
    const result = await registration.signUp(request.body, request);
    return reply.code(201).send(result);
  },
  confirmEmail: (request) => registration.confirmEmail(request.body.token, request),
  accountRequest: (request) => registration.accountRequest(request.body.token, request),
  confirmUserAccount: (request) => registration.confirmUserAccount(request.body.token, request),
  refuseUserAccount: (request) => registration.refuseUserAccount(request.body.token, request.body.reason, request),
}));
