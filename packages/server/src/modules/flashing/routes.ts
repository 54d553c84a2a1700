// The flashing handlers; paths, schemas, documentation and access are the endpoint table's.
import { flashingEndpoints } from '@testbed/contract/endpoints/flashing';
import { endpointRoutes } from '../../endpoint-routes.js';
import { replyWithEventStream } from '../../streams/event-streams.js';
import type { FlashingService } from './service.js';

export const flashingRoutes = endpointRoutes(flashingEndpoints, ({ flashing }: { flashing: FlashingService }, app) => ({
  nodes: (request) => flashing.nodes(request.principal),
  flash: (request) => flashing.flash(request.principal, request.body, request.ip),
  checkFlashing: (request) =>
    flashing.checkFlashing(request.principal, typeof request.body === 'string' ? request.body : request.body.handle),
  checkNodeReady: (request) => flashing.checkNodeReady(request.principal, typeof request.body === 'string' ? request.body : request.body.ip),
  restoreAccount: (request) =>
    flashing.restoreAccount(request.principal, typeof request.body === 'string' ? request.body : request.body.device, request.ip),
  jobs: (request) => flashing.jobs(request.principal),
  flashBatch: (request) => flashing.flashBatch(request.principal, request.body, request.ip),
  history: (request) => flashing.history(request.principal, request.query),
  job: (request) => flashing.job(request.principal, request.params.handle),
  streamTicket: (request) => flashing.streamTicket(request.principal, request.params.handle),
  events: async (request, reply) => {
    const lastEventId = request.headers['last-event-id'];
    const after = request.query.after ?? (typeof lastEventId === 'string' && /^[0-9]{1,18}$/.test(lastEventId) ? lastEventId : undefined);
    // A stream that the database's outage ends is logged with the outage, once (the client reconnects).
    const send = await flashing.openStream(request.params.handle, request.query.ticket, after, (error) => {
      if (!app.databaseAvailability.reportOutage(error)) request.log.error({ err: error }, 'flash progress stream failed');
    });
    replyWithEventStream(reply, send);
  },
}));
