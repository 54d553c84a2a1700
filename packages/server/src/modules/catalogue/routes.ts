// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceCatalogueQuerySchema, deviceCatalogueSchema } from '@testbed/contract';
import { requestRefusals } from '../../errors.js';
import type { CatalogueService } from './service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.get('/deviceCatalogue', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['devices'],
      summary: "Every device's properties and state now, filtered by type, state and properties (key:value, repeatable), with the fleet counted by state",
      querystring: deviceCatalogueQuerySchema,
      response: { 200: deviceCatalogueSchema, ...requestRefusals },
    },
    handler: (request) => catalogue.catalogue(request.principal, request.query),
  });
};
