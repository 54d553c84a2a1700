// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maintenanceCreatedSchema,
  maintenanceFormSchema,
  maintenanceIdParamsSchema,
  maintenanceListQuerySchema,
  maintenancePreviewSchema,
  maintenanceWindowListSchema,
  maintenanceWindowSchema,
} from '@testbed/contract';
import { itemRefusals, requestRefusals as errors } from '../../errors.js';
import type { MaintenanceService } from './service.js';

export const maintenanceRoutes: FastifyPluginAsyncZod<{ maintenance: MaintenanceService }> = async (app, { maintenance }) => {
  app.get('/maintenanceWindows', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['maintenance'],
      summary: 'Maintenance windows that have not ended (or that overlap [from, to)), soonest first (any signed-in user)',
      querystring: maintenanceListQuerySchema,
      response: { 200: maintenanceWindowListSchema, ...errors },
    },
    handler: (request) => maintenance.list(request.principal, request.query.from, request.query.to),
  });

  // Administrators' changes: no personal API token makes them.
  app.post('/maintenanceWindows/preview', {
    schema: {
      tags: ['maintenance'],
      summary: 'The devices a maintenance would block and the reservations already inside it; creates nothing (administrators)',
      body: maintenanceFormSchema,
      response: { 200: maintenancePreviewSchema, ...errors },
    },
    handler: (request) => maintenance.preview(request.principal, request.body),
  });

  app.post('/maintenanceWindows', {
    schema: {
      tags: ['maintenance'],
      summary: 'Block devices, or a whole device type, for a window with a reason; mails the holders of the reservations inside it (administrators)',
      body: maintenanceFormSchema,
      response: { 200: maintenanceCreatedSchema, ...errors },
    },
    handler: (request) => maintenance.create(request.principal, request.body, request.ip),
  });

  app.delete('/maintenanceWindows/:id', {
    schema: {
      tags: ['maintenance'],
      summary: 'End a maintenance early or cancel it: its devices can be booked again (administrators)',
      params: maintenanceIdParamsSchema,
      response: { 200: maintenanceWindowSchema, ...itemRefusals },
    },
    handler: (request) => maintenance.remove(request.principal, request.params.id, request.ip),
  });
};
