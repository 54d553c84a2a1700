// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteRoleReplySchema,
  errorReplySchema,
  roleDetailsSchema,
  roleFormSchema,
  roleIdParamsSchema,
  roleListSchema,
} from '@testbed/contract';
import { itemRefusals as errors } from '../../errors.js';
import type { RolesService } from './service.js';

export const roleRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  app.get('/roles', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['roles'],
      summary: 'Every role with its number of users (administrators)',
      response: { 200: roleListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => roles.list(request),
  });

  app.get('/role/:id', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['roles'],
      summary: 'One role with its users (administrators)',
      params: roleIdParamsSchema,
      response: { 200: roleDetailsSchema, ...errors },
    },
    handler: (request) => roles.get(request, request.params.id),
  });

  app.post('/role', {
    schema: {
      tags: ['roles'],
      summary: 'Create a role (administrators)',
      body: roleFormSchema,
      response: { 200: roleDetailsSchema, ...errors, 409: errorReplySchema },
    },
    handler: (request) => roles.create(request, request.body),
  });

  app.put('/role/:id', {
    schema: {
      tags: ['roles'],
      summary: 'Rename a role; ADMIN and USER cannot be renamed (administrators)',
      params: roleIdParamsSchema,
      body: roleFormSchema,
      response: { 200: roleDetailsSchema, ...errors, 409: errorReplySchema },
    },
    handler: (request) => roles.rename(request, request.params.id, request.body),
  });

  app.delete('/role/:id', {
    schema: {
      tags: ['roles'],
      summary: 'Delete a role given to nobody; ADMIN and USER cannot be deleted (administrators)',
      params: roleIdParamsSchema,
      response: { 200: deleteRoleReplySchema, ...errors, 409: errorReplySchema },
    },
    handler: (request) => roles.delete(request, request.params.id),
  });
};
