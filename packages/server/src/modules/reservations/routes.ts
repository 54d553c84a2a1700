// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  changeReservationEndSchema,
  freeSlotsQuerySchema,
  freeSlotsReplySchema,
  reservationSchema,
  deleteReservationReplySchema,
  entityIdSchema,
  errorReplySchema,
  nodesToReserveSchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationTimelineQuerySchema,
  reservationTimelineSchema,
  reservationTypeSchema,
  reserveNodesReplySchema,
  reserveNodesRequestSchema,
} from '@testbed/contract';
import { requestRefusals } from '../../errors.js';
import type { JsonReply, ReservationService } from './service.js';

const idParams = z.object({ id: entityIdSchema });
const refusal = reserveNodesReplySchema.check(z.describe('value0 false, value1 the messages'));
const listSchema = (summary: string) => ({
  tags: ['reservations'],
  summary,
  params: idParams,
  querystring: reservationListQuerySchema,
  response: { 200: reservationListSchema, ...requestRefusals },
});

/** Sends JSON text built and checked elsewhere (the database or a cache) without serializing it again. */
const sendJson = (reply: FastifyReply, json: JsonReply) => reply.type('application/json; charset=utf-8').send(json as never);

export const reservationRoutes: FastifyPluginAsyncZod<{ reservations: ReservationService }> = async (app, { reservations }) => {
  app.get('/getNodesToReserve', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['reservations'],
      summary: 'Bookable devices: device type → MAC address → {ip, up}',
      response: { 200: nodesToReserveSchema, 401: errorReplySchema },
    },
    handler: async (request, reply) => {
      // Already serialized (and checked against the schema) by the service, which reuses it between calls.
      return sendJson(reply, await reservations.nodesToReserveJson(request.principal));
    },
  });

  app.get('/reservationTypes', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['reservations'],
      summary: 'The reservation types (Exclusive, Shared)',
      response: { 200: z.array(reservationTypeSchema), 401: errorReplySchema },
    },
    handler: (request) => reservations.reservationTypes(request.principal),
  });

  app.post('/reserveNodes', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['reservations'],
      summary: 'Book devices, all or none',
      description:
        '200: value0 true, value1 the new reservation id, startDate and endDate the window as stored. 400: a malformed body (message and fieldErrors) or a ' +
        'broken booking rule (value0 false, value1 the messages: start in the past, end before start, duration, ' +
        'unknown or down device, inactive colleague, no SSH key). 403: booking for another user. 409: value0 ' +
        'false, value1 one message per device and booking in the way, with its window.',
      body: reserveNodesRequestSchema,
      response: {
        200: reserveNodesReplySchema,
        400: z.union([refusal, errorReplySchema]),
        401: errorReplySchema,
        403: errorReplySchema,
        409: refusal,
      },
    },
    handler: async (request, reply) => {
      const outcome = await reservations.book(request.principal, request.body, request.ip);
      return reply.code(outcome.status).send(outcome.reply);
    },
  });

  app.get('/userReservations/:id', {
    config: { apiToken: 'read' },
    schema: listSchema('Reservations the user is responsible for or takes part in'),
    handler: async (request, reply) => sendJson(reply, await reservations.list(request.principal, 'mine', request.params.id, request.query)),
  });

  app.get('/otherReservations/:id', {
    config: { apiToken: 'read' },
    schema: listSchema('Reservations the user has no part in'),
    handler: async (request, reply) => sendJson(reply, await reservations.list(request.principal, 'others', request.params.id, request.query)),
  });

  app.get('/currentUserReservations/:id', {
    config: { apiToken: 'read' },
    schema: listSchema("The user's reservations that have not ended (the query's all is ignored)"),
    handler: async (request, reply) => sendJson(reply, await reservations.current(request.principal, request.params.id, request.query)),
  });

  app.get('/reservationTimeline/:id', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['reservations'],
      summary: "The reservations holding a device of a type within a window, for the user's booking timeline",
      params: idParams,
      querystring: reservationTimelineQuerySchema,
      response: { 200: reservationTimelineSchema, ...requestRefusals },
    },
    handler: async (request, reply) => sendJson(reply, await reservations.timeline(request.principal, request.params.id, request.query)),
  });

  app.delete('/deleteReservation/:id', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['reservations'],
      summary: 'Delete a future reservation, or end a running one now',
      description:
        'The responsible user or an administrator. 200: value0 true. 400: the reservation has ended. ' +
        '403: not yours. 404: no such reservation.',
      params: idParams,
      response: {
        200: deleteReservationReplySchema,
        400: z.union([deleteReservationReplySchema, errorReplySchema]),
        401: errorReplySchema,
        403: errorReplySchema,
        404: deleteReservationReplySchema,
      },
    },
    handler: async (request, reply) => {
      const outcome = await reservations.delete(request.principal, request.params.id, request.ip);
      return reply.code(outcome.status).send(outcome.reply);
    },
  });

  app.get('/freeSlots', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['reservations'],
      summary: 'The earliest windows (at most 5) in which count devices of a type are free for the duration',
      description:
        'Devices that are up and not being flashed, free for the whole window, within the caller\'s usage policy ' +
        '(administrators are not bound). 400 names the field: an unknown type, a count above the type\'s devices ' +
        'or the policy, a duration over the policy, a window that ends before it starts.',
      querystring: freeSlotsQuerySchema,
      response: { 200: freeSlotsReplySchema, 400: errorReplySchema, 401: errorReplySchema },
    },
    handler: (request) => reservations.freeSlots(request.principal, request.query),
  });

  app.post('/reservations/:id/end', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['reservations'],
      summary: 'Move the end of a reservation that has not ended (extend or shorten)',
      description:
        'The holder or an administrator. Later: every device must stay free (409 naming the booking in the way, ' +
        'decided by the database so that parallel extensions never overlap) and within the usage policy (400). ' +
        'Earlier: still after the start and after now (400 naming endDate).',
      params: idParams,
      body: changeReservationEndSchema,
      response: { 200: reservationSchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema },
    },
    handler: async (request, reply) => sendJson(reply, await reservations.changeEnd(request.principal, request.params.id, request.body.endDate, request.ip)),
  });

  app.post('/reservations/:id/release', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['reservations'],
      summary: 'End a running reservation now: its devices are free at once and it stays in the history',
      description: 'The holder or an administrator. 409: it has not started (delete it instead). 400: it has ended.',
      params: idParams,
      response: { 200: reservationSchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema },
    },
    handler: async (request, reply) => sendJson(reply, await reservations.release(request.principal, request.params.id, request.ip)),
  });
};
