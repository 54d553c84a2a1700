// The statistics handlers; paths, schemas, documentation and access are the endpoint table's.
import { statisticsEndpoints } from '@testbed/contract/endpoints/statistics';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { StatisticsService } from './service.js';

export const statisticsRoutes = endpointRoutes(statisticsEndpoints, ({ statistics }: { statistics: StatisticsService }) => ({
  compute: (request) => statistics.compute(request.principal, request.query),
  csv: async (request, reply) => {
    const body = await statistics.csv(request.principal, request.query, request.params.table);
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${request.params.table}.csv"`)
      .header('cache-control', 'no-store')
      .send(body as never);
  },
}));
