// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deletedReplySchema,
  errorReplySchema,
  intendedUsageFormSchema,
  intendedUsageIdParamsSchema,
  intendedUsageListSchema,
  intendedUsageSchema,
  intendedUsageUserParamsSchema,
} from '@testbed/contract';
import { itemRefusals as errors } from '../../errors.js';
import type { IntendedUsagesService } from './service.js';

export const intendedUsageRoutes: FastifyPluginAsyncZod<{ intendedUsages: IntendedUsagesService }> = async (app, { intendedUsages }) => {
  app.get('/intendedUsages', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['intended usages'],
      summary: "Every user's intended usages (administrators)",
      response: { 200: intendedUsageListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => intendedUsages.list(request),
  });

  app.get('/intendedUsage/:id', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['intended usages'],
      summary: 'One intended usage (its user or an administrator)',
      params: intendedUsageIdParamsSchema,
      response: { 200: intendedUsageSchema, ...errors },
    },
    handler: (request) => intendedUsages.get(request, request.params.id),
  });

  app.post('/intendedUsage/user/:userId', {
    schema: {
      tags: ['intended usages'],
      summary: 'Add an intended usage to a user (the user or an administrator)',
      params: intendedUsageUserParamsSchema,
      body: intendedUsageFormSchema,
      response: { 200: intendedUsageSchema, ...errors },
    },
    handler: (request) => intendedUsages.create(request, request.params.userId, request.body.description),
  });

  app.put('/intendedUsage/:id', {
    schema: {
      tags: ['intended usages'],
      summary: 'Change an intended usage (its user or an administrator)',
      params: intendedUsageIdParamsSchema,
      body: intendedUsageFormSchema,
      response: { 200: intendedUsageSchema, ...errors },
    },
    handler: (request) => intendedUsages.update(request, request.params.id, request.body.description),
  });

  app.delete('/intendedUsage/:id', {
    schema: {
      tags: ['intended usages'],
      summary: 'Delete an intended usage (its user or an administrator)',
      params: intendedUsageIdParamsSchema,
      response: { 200: deletedReplySchema, ...errors },
    },
    handler: (request) => intendedUsages.delete(request, request.params.id),
  });
};
