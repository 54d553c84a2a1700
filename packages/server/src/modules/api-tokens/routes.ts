// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenSchema,
  apiTokenUserParamsSchema,
  createApiTokenReplySchema,
  createApiTokenSchema,
  errorReplySchema,
} from '@testbed/contract';
import { itemRefusals as errors, itemRefusalsWithConflict } from '../../errors.js';
import type { ApiTokensService } from './service.js';

// None of these routes declares `apiToken`: a personal API token can neither read, create nor revoke tokens.
export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokens: ApiTokensService }> = async (app, { apiTokens }) => {
  app.get('/apiTokens', {
    schema: {
      tags: ['api tokens'],
      summary: "Every user's personal API tokens still in force or ended within 30 days (administrators)",
      response: { 200: apiTokenListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => apiTokens.list(request),
  });

  app.get('/apiTokens/user/:userId', {
    schema: {
      tags: ['api tokens'],
      summary: "A user's personal API tokens, newest first (the user or an administrator)",
      params: apiTokenUserParamsSchema,
      response: { 200: apiTokenListSchema, ...errors },
    },
    handler: (request) => apiTokens.listOfUser(request, request.params.userId),
  });

  app.post('/apiTokens/user/:userId', {
    // Counted per address on every instance, like the other calls that hand out a secret.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['api tokens'],
      summary: 'Create a personal API token for yourself; the reply is the only time the token is shown',
      params: apiTokenUserParamsSchema,
      body: createApiTokenSchema,
      response: { 200: createApiTokenReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => apiTokens.create(request, request.params.userId, request.body),
  });

  app.delete('/apiToken/:id', {
    schema: {
      tags: ['api tokens'],
      summary: 'Revoke a personal API token (its owner or an administrator); it is refused at once on every instance',
      params: apiTokenIdParamsSchema,
      response: { 200: apiTokenSchema, ...errors },
    },
    handler: (request) => apiTokens.revoke(request, request.params.id),
  });
};
