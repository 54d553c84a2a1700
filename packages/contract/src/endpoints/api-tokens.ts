// The api tokens endpoints.
import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenSchema,
  apiTokenUserParamsSchema,
  createApiTokenReplySchema,
  createApiTokenSchema,
} from '../api-tokens.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict } from '../endpoint.js';

export const apiTokensEndpoints = /* @__PURE__ */ defineEndpoints('api-tokens', {
  list: {
    method: 'GET',
    operationId: 'listApiTokens',
    path: '/apiTokens',
    action: 'api-tokens:list',
    tags: ['api tokens'],
    summary: "Every user's personal API tokens still in force or ended within 30 days (administrators)",
    replies: { 200: apiTokenListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  listOfUser: {
    method: 'GET',
    operationId: 'listUserApiTokens',
    path: '/apiTokens/user/:userId',
    action: 'api-tokens:read',
    tags: ['api tokens'],
    summary: "A user's personal API tokens, newest first (the user or an administrator)",
    params: apiTokenUserParamsSchema,
    replies: { 200: apiTokenListSchema, ...itemRefusals },
  },

  create: {
    method: 'POST',
    operationId: 'createApiToken',
    path: '/apiTokens/user/:userId',
    action: 'api-token:create',
    rateLimit: { max: 30, timeWindow: '1 minute' },
    tags: ['api tokens'],
    summary: 'Create a personal API token for yourself; the reply is the only time the token is shown',
    params: apiTokenUserParamsSchema,
    body: createApiTokenSchema,
    replies: { 200: createApiTokenReplySchema, ...itemRefusalsWithConflict },
  },

  revoke: {
    method: 'DELETE',
    operationId: 'revokeApiToken',
    path: '/apiToken/:id',
    action: 'api-token:revoke',
    tags: ['api tokens'],
    summary: 'Revoke a personal API token (its owner or an administrator); it is refused at once on every instance',
    params: apiTokenIdParamsSchema,
    replies: { 200: apiTokenSchema, ...itemRefusals },
  },
});
