// The reservations endpoints.
import * as z from 'zod/mini';
import {
  deleteReservationReplySchema,
  nodesToReserveSchema,
  reservationSchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationTimelineQuerySchema,
  reservationTimelineSchema,
  reservationTypeSchema,
  reserveNodesReplySchema,
  reserveNodesRequestSchema,
} from '../reservations.js';
import { errorReplySchema } from '../errors.js';
import { entityIdSchema } from '../input.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';
import { changeReservationEndSchema, freeSlotsQuerySchema, freeSlotsReplySchema } from '../scheduling.js';

const idParams = z.object({ id: entityIdSchema });
const refusal = reserveNodesReplySchema.check(z.describe('value0 false, value1 the messages'));

export const reservationsEndpoints = /* @__PURE__ */ defineEndpoints('reservations', {
  nodesToReserve: {
    method: 'GET',
    operationId: 'getNodesToReserve',
    path: '/getNodesToReserve',
    action: 'devices:read',
    tags: ['reservations'],
    summary: 'Bookable devices: device type → MAC address → {ip, up}',
    replies: { 200: nodesToReserveSchema, 401: errorReplySchema },
  },

  reservationTypes: {
    method: 'GET',
    operationId: 'listReservationTypes',
    path: '/reservationTypes',
    action: 'devices:read',
    tags: ['reservations'],
    summary: 'The reservation types (Exclusive, Shared)',
    replies: { 200: z.array(reservationTypeSchema), 401: errorReplySchema },
  },

  book: {
    method: 'POST',
    operationId: 'reserveNodes',
    path: '/reserveNodes',
    action: 'reservation:book',
    tags: ['reservations'],
    summary: 'Book devices, all or none',
    description: '200: value0 true, value1 the new reservation id, startDate and endDate the window as stored. 400: a malformed body (message and fieldErrors) or a ' +
        'broken booking rule (value0 false, value1 the messages: start in the past, end before start, duration, ' +
        'unknown or down device, inactive colleague, no SSH key). 403: booking for another user. 409: value0 ' +
        'false, value1 one message per device and booking in the way, with its window.',
    body: reserveNodesRequestSchema,
    replies: {
        200: reserveNodesReplySchema,
        400: z.union([refusal, errorReplySchema]),
        401: errorReplySchema,
        403: errorReplySchema,
        409: refusal,
      },
  },

  mine: {
    method: 'GET',
    operationId: 'listUserReservations',
    path: '/userReservations/:id',
    action: 'reservation:list',
    tags: ['reservations'],
    summary: 'Reservations the user is responsible for or takes part in',
    params: idParams,
    query: reservationListQuerySchema,
    replies: { 200: reservationListSchema, ...requestRefusals },
  },

  others: {
    method: 'GET',
    operationId: 'listOtherReservations',
    path: '/otherReservations/:id',
    action: 'reservation:list',
    tags: ['reservations'],
    summary: 'Reservations the user has no part in',
    params: idParams,
    query: reservationListQuerySchema,
    replies: { 200: reservationListSchema, ...requestRefusals },
  },

  current: {
    method: 'GET',
    operationId: 'listCurrentReservations',
    path: '/currentUserReservations/:id',
    action: 'reservation:list',
    tags: ['reservations'],
    summary: "The user's reservations that have not ended (the query's all is ignored)",
    params: idParams,
    query: reservationListQuerySchema,
    replies: { 200: reservationListSchema, ...requestRefusals },
  },

  timeline: {
    method: 'GET',
    operationId: 'getReservationTimeline',
    path: '/reservationTimeline/:id',
    action: 'reservation:list',
    tags: ['reservations'],
    summary: "The reservations holding a device of a type within a window, for the user's booking timeline",
    params: idParams,
    query: reservationTimelineQuerySchema,
    replies: { 200: reservationTimelineSchema, ...requestRefusals },
  },

  delete: {
    method: 'DELETE',
    operationId: 'deleteReservation',
    path: '/deleteReservation/:id',
    action: 'reservation:delete',
    tags: ['reservations'],
    summary: 'Delete a future reservation, or end a running one now',
    description: 'The responsible user or an administrator. 200: value0 true. 400: the reservation has ended. ' +
        '403: not yours. 404: no such reservation.',
    params: idParams,
    replies: {
        200: deleteReservationReplySchema,
        400: z.union([deleteReservationReplySchema, errorReplySchema]),
        401: errorReplySchema,
        403: errorReplySchema,
        404: deleteReservationReplySchema,
      },
  },

  freeSlots: {
    method: 'GET',
    operationId: 'listFreeSlots',
    path: '/freeSlots',
    action: 'reservation:search',
    tags: ['reservations'],
    summary: 'The earliest windows (at most 5) in which count devices of a type are free for the duration',
    description: 'Devices that are up and not being flashed, free for the whole window, within the caller\'s usage policy ' +
        '(administrators are not bound). 400 names the field: an unknown type, a count above the type\'s devices ' +
        'or the policy, a duration over the policy, a window that ends before it starts.',
    query: freeSlotsQuerySchema,
    replies: { 200: freeSlotsReplySchema, 400: errorReplySchema, 401: errorReplySchema },
  },

  changeEnd: {
    method: 'POST',
    operationId: 'changeReservationEnd',
    path: '/reservations/:id/end',
    action: 'reservation:change',
    tags: ['reservations'],
    summary: 'Move the end of a reservation that has not ended (extend or shorten)',
    description: 'The holder or an administrator. Later: every device must stay free (409 naming the booking in the way, ' +
        'decided by the database so that parallel extensions never overlap) and within the usage policy (400). ' +
        'Earlier: still after the start and after now (400 naming endDate).',
    params: idParams,
    body: changeReservationEndSchema,
    replies: { 200: reservationSchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema },
  },

  release: {
    method: 'POST',
    operationId: 'releaseReservation',
    path: '/reservations/:id/release',
    action: 'reservation:change',
    tags: ['reservations'],
    summary: 'End a running reservation now: its devices are free at once and it stays in the history',
    description: 'The holder or an administrator. 409: it has not started (delete it instead). 400: it has ended.',
    params: idParams,
    replies: { 200: reservationSchema, 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema },
  },
});
