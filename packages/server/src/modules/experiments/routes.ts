// The experiment handlers; paths, schemas, documentation and access are the endpoint table's.
import { experimentsEndpoints } from '@testbed/contract/endpoints/experiments';
import { endpointRoutes } from '../../endpoint-routes.js';
import { replyWithEventStream } from '../../streams/event-streams.js';
import type { ExperimentService } from './service.js';

export const experimentRoutes = endpointRoutes(experimentsEndpoints, ({ experiments }: { experiments: ExperimentService }, app) => ({
  schema: async () => experiments.schema(),
  preview: (request) => experiments.preview(request.principal, request.body),
  submit: async (request, reply) => {
    reply.code(201);
    return experiments.submit(request.principal, request.body, request.ip);
  },
  mine: (request) => experiments.mine(request.principal, request.query.when),
  all: (request) => experiments.all(request.principal, request.query),
  get: (request) => experiments.get(request.principal, request.params.id),
  streamTicket: (request) => experiments.streamTicket(request.principal, request.params.id),
  events: async (request, reply) => {
    // A stream that the database's outage ends is logged with the outage, once (the client reconnects).
    const send = await experiments.openStream(request.params.id, request.query.ticket, (error) => {
      if (!app.databaseAvailability.reportOutage(error)) request.log.error({ err: error }, 'experiment stream failed');
    });
    replyWithEventStream(reply, send);
  },
  stop: (request) => experiments.stop(request.principal, request.params.id),
  runAgain: async (request, reply) => {
    reply.code(201);
    return experiments.runAgain(request.principal, request.params.id, request.ip);
  },
  export: (request) => experiments.export(request.principal, request.params.id),
  templates: (request) => experiments.templates(request.principal),
  saveTemplate: async (request, reply) => {
    reply.code(201);
    return experiments.saveTemplate(request.principal, request.body);
  },
  deleteTemplate: (request) => experiments.deleteTemplate(request.principal, request.params.id),
}));
