// The audit handlers; paths, schemas, documentation and access are the endpoint table's.
import { auditEndpoints } from '@testbed/contract/endpoints/audit';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { AuditService } from './service.js';

export const auditRoutes = endpointRoutes(auditEndpoints, ({ audit }: { audit: AuditService }) => ({
  page: (request) => audit.page(request.principal, request.query),
  csv: async (request, reply) => {
    const { limit: _limit, before: _before, ...filter } = request.query;
    const body = audit.csv(request.principal, filter);
    // A stream is sent as it is read; awaiting the reply keeps the handler until it is written.
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'no-store')
      .send(body as never);
  },
  signInHistory: (request) => audit.signInHistory(request.principal, request.query.limit),
}));
