import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkFlashingReplySchema,
  checkFlashingRequestSchema,
  checkNodeReadyReplySchema,
  checkNodeReadyRequestSchema,
  errorReplySchema,
  flashJobListSchema,
  flashNodesListSchema,
  flashNodesReplySchema,
  flashNodesRequestSchema,
  restoreAccountReplySchema,
  restoreAccountRequestSchema,
} from '@testbed/contract';
import type { FlashingService } from './service.js';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };

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
        '409: the device is already being flashed.',
      body: flashNodesRequestSchema,
      response: { 200: flashNodesReplySchema, ...errors, 409: errorReplySchema },
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
};
