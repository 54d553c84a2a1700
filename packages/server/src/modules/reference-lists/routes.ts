// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employerTypeListSchema, professionalStatusListSchema } from '@testbed/contract';
import type { ReferenceListsService } from './service.js';

export const referenceListRoutes: FastifyPluginAsyncZod<{ referenceLists: ReferenceListsService }> = async (
  app,
  { referenceLists },
) => {
  app.get('/employerTypes', {
    config: { public: true },
    schema: {
      tags: ['reference lists'],
      summary: 'The employer types offered by the sign-up and employer forms (open to anybody)',
      security: [],
      response: { 200: employerTypeListSchema },
    },
    handler: () => referenceLists.employerTypes(),
  });

  app.get('/professionalStatusList', {
    config: { public: true },
    schema: {
      tags: ['reference lists'],
      summary: 'The professional statuses offered by the sign-up and employer forms (open to anybody)',
      security: [],
      response: { 200: professionalStatusListSchema },
    },
    handler: () => referenceLists.professionalStatuses(),
  });
};
