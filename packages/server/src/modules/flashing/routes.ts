// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  checkFlashingReplySchema,
  checkFlashingRequestSchema,
  checkNodeReadyReplySchema,
  checkNodeReadyRequestSchema,
  errorReplySchema,
  flashBatchReplySchema,
  flashBatchRequestSchema,
  flashEventsQuerySchema,
  flashHistoryQuerySchema,
  flashHistorySchema,
  flashJobDetailSchema,
  flashJobListSchema,
  flashJobParamsSchema,
  flashStreamTicketSchema,
  flashNodesListSchema,
  flashNodesReplySchema,
  flashNodesRequestSchema,
  restoreAccountReplySchema,
  restoreAccountRequestSchema,
} from '@testbed/contract';
import { itemRefusals as errors, itemRefusalsWithConflict } from '../../errors.js';
import type { FlashingService } from './service.js';

export const flashingRoutes: FastifyPluginAsyncZod<{ flashing: FlashingService }> = async (app, { flashing }) => {
  app.get('/getNodes', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: 'Flashable devices: device type → MAC address → {ip, up, images, isFlashableByCurrentUser, hasDeviceFlashableByCurrentUser}',
      response: { 200: flashNodesListSchema, 401: errorReplySchema },
    },
    handler: (request) => flashing.nodes(request.principal),
  });

  app.post('/flashNodes', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['flashing'],
      summary: 'Start flashing a device with an image',
      description:
        'An administrator flashes any device; a user the devices of a running Exclusive reservation they hold or share. ' +
        '200: value0 true, value1 the start time in seconds, value2 the handle of the flash job. 400: unknown image, ' +
        'device of another type, device down, no SSH key. 403: not your device. 404: unknown device. ' +
        '409: the device is already being flashed, or the reservation ended as the job was created. The job runs within ' +
        'the reservation: it ends as cancelled when the reservation is released, deleted, shortened to now or over.',
      body: flashNodesRequestSchema,
      response: { 200: flashNodesReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => flashing.flash(request.principal, request.body, request.ip),
  });

  app.post('/checkFlashing', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: 'The newest status line of a flash job',
      description:
        'The body is the handle given by flashNodes (a JSON string, or {handle}). value1 is the newest line ' +
        "'date : text'; state tells where the pipeline stands. 404: unknown handle, or a job of someone else.",
      body: checkFlashingRequestSchema,
      response: { 200: checkFlashingReplySchema, ...errors },
    },
    handler: (request) =>
      flashing.checkFlashing(request.principal, typeof request.body === 'string' ? request.body : request.body.handle),
  });

  app.post('/checkNodeReady', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: "Whether a device's node accepts connections: value1 '0' when ready",
      description: 'The body is the IP address of a device you may flash (a JSON string, or {ip}). 403: not your device. 404: no such device.',
      body: checkNodeReadyRequestSchema,
      response: { 200: checkNodeReadyReplySchema, ...errors },
    },
    handler: (request) => flashing.checkNodeReady(request.principal, typeof request.body === 'string' ? request.body : request.body.ip),
  });

  app.post('/restoreUserAccountForFlashedDevice', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['flashing'],
      summary: 'Put your account, with exactly your current SSH keys, on a device you may flash',
      description: 'The body is the MAC address (a JSON string, or {device}). value0 false and value1 the reason when the node refused.',
      body: restoreAccountRequestSchema,
      response: { 200: restoreAccountReplySchema, ...errors },
    },
    handler: (request) =>
      flashing.restoreAccount(request.principal, typeof request.body === 'string' ? request.body : request.body.device, request.ip),
  });

  app.get('/flashJobs', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: 'Your running flash jobs and those of the last day, newest first',
      response: { 200: flashJobListSchema, 401: errorReplySchema },
    },
    handler: (request) => flashing.jobs(request.principal),
  });

  app.post('/flashJobs/batch', {
    config: { apiToken: 'read+book+flash' },
    schema: {
      tags: ['flashing'],
      summary: 'Flash several devices with one image: each device its own job',
      description:
        'The same rules as flashNodes for each device; a device refused (not yours, down, other image, already ' +
        'flashing) does not stop the others: each gets started with its handle, or its reason.',
      body: flashBatchRequestSchema,
      response: { 200: flashBatchReplySchema, 400: errorReplySchema, 401: errorReplySchema },
    },
    handler: (request) => flashing.flashBatch(request.principal, request.body, request.ip),
  });

  app.get('/flashJobs/history', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: 'Your flash history: your jobs, newest first, a page at a time',
      querystring: flashHistoryQuerySchema,
      response: { 200: flashHistorySchema, 400: errorReplySchema, 401: errorReplySchema },
    },
    handler: (request) => flashing.history(request.principal, request.query),
  });

  app.get('/flashJobs/:handle', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: 'A flash job with its kept log (stages with times, status lines, errors)',
      description: 'Yours, or any for an administrator. 404: unknown handle, or a job of someone else.',
      params: flashJobParamsSchema,
      response: { 200: flashJobDetailSchema, ...errors },
    },
    handler: (request) => flashing.job(request.principal, request.params.handle),
  });

  app.post('/flashJobs/:handle/streamTicket', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['flashing'],
      summary: "A single-use ticket, valid 60 s, that opens the job's progress stream",
      description: 'EventSource cannot send the bearer header: the stream takes this ticket in its query instead. 404 as for the job.',
      params: flashJobParamsSchema,
      response: { 200: flashStreamTicketSchema, ...errors },
    },
    handler: (request) => flashing.streamTicket(request.principal, request.params.handle),
  });

  app.get('/flashJobs/:handle/events', {
    config: { public: true },
    schema: {
      tags: ['flashing'],
      summary: 'Progress of a flash job as Server-Sent Events',
      description:
        "Authenticated by a ticket from POST /flashJobs/{handle}/streamTicket. Events: 'job' (the job as it " +
        "stands), then 'log' per log entry as it is written (id = the entry's id; a 'stage' entry is a stage " +
        "change), and 'end' when the job is done or failed. `after` (or Last-Event-ID) skips the entries already seen. " +
        '401: invalid, used or expired ticket. 429: the user has as many streams open as they may at once ' +
        '(FLASH_STREAMS_PER_USER, over all instances); the ticket is used up.',
      security: [],
      params: flashJobParamsSchema,
      querystring: flashEventsQuerySchema,
      response: { 200: z.string().check(z.describe('text/event-stream')), 400: errorReplySchema, 401: errorReplySchema, 429: errorReplySchema },
    },
    handler: async (request, reply) => {
      const lastEventId = request.headers['last-event-id'];
      const after = request.query.after ?? (typeof lastEventId === 'string' && /^[0-9]{1,18}$/.test(lastEventId) ? lastEventId : undefined);
      // A stream that the database's outage ends is logged with the outage, once (the client reconnects).
      const send = await flashing.openStream(request.params.handle, request.query.ticket, after, (error) => {
        if (!app.databaseAvailability.reportOutage(error)) request.log.error({ err: error }, 'flash progress stream failed');
      });
      // The stream is written on the raw response: the headers set so far (security headers) go with it.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx would otherwise hold the events back in its buffer.
        'x-accel-buffering': 'no',
      });
      send(reply.raw);
    },
  });
};
