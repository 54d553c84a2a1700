// The reservations handlers; paths, schemas, documentation and access are the endpoint table's.
import { reservationsEndpoints } from '@testbed/contract/endpoints/reservations';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { FastifyReply } from 'fastify';
import type { JsonReply, ReservationService } from './service.js';

/** Sends JSON text built and checked elsewhere (the database or a cache) without serializing it again. */
const sendJson = (reply: FastifyReply, json: JsonReply) => reply.type('application/json; charset=utf-8').send(json as never);

export const reservationRoutes = endpointRoutes(reservationsEndpoints, ({ reservations }: { reservations: ReservationService }) => ({
  nodesToReserve: async (request, reply) => {
    // Already serialized (and checked against the schema) by the service, which reuses it between calls.
    return sendJson(reply, await reservations.nodesToReserveJson());
  },
  reservationTypes: () => reservations.reservationTypes(),
  book: async (request, reply) => {
    const outcome = await reservations.book(request.principal, request.body, request.ip);
    return reply.code(outcome.status).send(outcome.reply);
  },
  mine: async (request, reply) => sendJson(reply, await reservations.list(request.principal, 'mine', request.params.id, request.query)),
  others: async (request, reply) => sendJson(reply, await reservations.list(request.principal, 'others', request.params.id, request.query)),
  current: async (request, reply) => sendJson(reply, await reservations.current(request.principal, request.params.id, request.query)),
  timeline: async (request, reply) => sendJson(reply, await reservations.timeline(request.principal, request.params.id, request.query)),
  delete: async (request, reply) => {
    const outcome = await reservations.delete(request.principal, request.params.id, request.ip);
    return reply.code(outcome.status).send(outcome.reply);
  },
  freeSlots: (request) => reservations.freeSlots(request.principal, request.query),
  changeEnd: async (request, reply) => sendJson(reply, await reservations.changeEnd(request.principal, request.params.id, request.body.endDate, request.ip)),
  release: async (request, reply) => sendJson(reply, await reservations.release(request.principal, request.params.id, request.ip)),
}));
