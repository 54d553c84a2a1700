// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceHealthListSchema, deviceHealthNoteSchema, deviceHealthParamsSchema, deviceHealthSchema, errorReplySchema } from '@testbed/contract';
import { itemRefusalsWithConflict as errors } from '../../errors.js';
import type { DeviceHealthService } from './service.js';

export const deviceHealthRoutes: FastifyPluginAsyncZod<{ health: DeviceHealthService }> = async (app, { health }) => {
  app.get('/deviceHealth', {
    schema: {
      tags: ['device health'],
      summary: 'Every device with its state, failure streak, last success, quarantine and last five flashes (administrators)',
      response: { 200: deviceHealthListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => health.list(request.principal),
  });

  app.post('/deviceHealth/:mac/quarantine', {
    schema: {
      tags: ['device health'],
      summary: 'Put a device in quarantine by hand, with a note (administrators); it cannot be booked until released',
      description: '404: unknown device. 409: already quarantined.',
      params: deviceHealthParamsSchema,
      body: deviceHealthNoteSchema,
      response: { 200: deviceHealthSchema, ...errors },
    },
    handler: (request) => health.quarantine(request.principal, request.params.mac, request.body.note, request.ip),
  });

  app.post('/deviceHealth/:mac/release', {
    schema: {
      tags: ['device health'],
      summary: 'Release a device from quarantine, with a note (administrators); its failure streak starts afresh',
      description: '404: unknown device. 409: not quarantined.',
      params: deviceHealthParamsSchema,
      body: deviceHealthNoteSchema,
      response: { 200: deviceHealthSchema, ...errors },
    },
    handler: (request) => health.release(request.principal, request.params.mac, request.body.note, request.ip),
  });
};
