// The home handlers; paths, schemas, documentation and access are the endpoint table's.
import { homeEndpoints } from '@testbed/contract/endpoints/home';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { HomeService } from './service.js';

export const homeRoutes = endpointRoutes(homeEndpoints, ({ home }: { home: HomeService }) => ({
  adminSummary: async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return home.adminSummary(request.principal);
  },
  failingMails: async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return home.failingMails(request.principal);
  },
  retryMail: (request) => home.retryMail(request.principal, request.params.id, request.ip),
}));
