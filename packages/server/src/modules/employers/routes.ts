// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserEmployerSchema,
  deletedReplySchema,
  employerFormSchema,
  employerIdParamsSchema,
  employerListSchema,
  employerSchema,
  employerUserParamsSchema,
  errorReplySchema,
  updateUserEmployerSchema,
  userEmployerReplySchema,
} from '@testbed/contract';
import { itemRefusals as errors, itemRefusalsWithConflict } from '../../errors.js';
import type { EmployersService } from './service.js';

export const employerRoutes: FastifyPluginAsyncZod<{ employers: EmployersService }> = async (app, { employers }) => {
  app.get('/employers', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['employers'],
      summary: 'Every employer with its number of users',
      response: { 200: employerListSchema, 401: errorReplySchema },
    },
    handler: (request) => employers.list(request),
  });

  app.get('/employer/:id', {
    config: { apiToken: 'read' },
    schema: { tags: ['employers'], summary: 'One employer', params: employerIdParamsSchema, response: { 200: employerSchema, ...errors } },
    handler: (request) => employers.get(request, request.params.id),
  });

  app.post('/employer', {
    schema: {
      tags: ['employers'],
      summary: 'Create an employer (administrators)',
      body: employerFormSchema,
      response: { 200: employerSchema, ...errors },
    },
    handler: (request) => employers.create(request, request.body),
  });

  app.put('/employer/:id', {
    schema: {
      tags: ['employers'],
      summary: 'Change an employer (administrators)',
      params: employerIdParamsSchema,
      body: employerFormSchema,
      response: { 200: employerSchema, ...errors },
    },
    handler: (request) => employers.update(request, request.params.id, request.body),
  });

  app.delete('/employer/:id', {
    schema: {
      tags: ['employers'],
      summary: 'Delete an employer that has no users (administrators)',
      params: employerIdParamsSchema,
      response: { 200: deletedReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => employers.delete(request, request.params.id),
  });

  app.post('/employer/createToUser/:userId', {
    schema: {
      tags: ['employers'],
      summary: 'Add an employer, existing or new, to a user (the user or an administrator)',
      params: employerUserParamsSchema,
      body: createUserEmployerSchema,
      response: { 200: userEmployerReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => employers.createToUser(request, request.params.userId, request.body),
  });

  app.put('/employer/updateToUser', {
    schema: {
      tags: ['employers'],
      summary: "Change a user's employment: type, status, dates, current (the user or an administrator)",
      body: updateUserEmployerSchema,
      response: { 200: userEmployerReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => employers.updateToUser(request, request.body),
  });

  app.delete('/userEmployer/:id', {
    schema: {
      tags: ['employers'],
      summary: "Remove an employer from a user: not their last one nor their current one (the user or an administrator)",
      params: employerIdParamsSchema,
      response: { 200: deletedReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => employers.deleteUserEmployer(request, request.params.id),
  });
};
