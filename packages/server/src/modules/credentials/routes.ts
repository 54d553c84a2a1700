// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCredentialBodySchema,
  addCredentialReplySchema,
  credentialIdParamsSchema,
  credentialListSchema,
  credentialSchema,
  credentialUserParamsSchema,
  deleteCredentialReplySchema,
  errorReplySchema,
} from '@testbed/contract';
import { itemRefusals as errors, itemRefusalsWithConflict } from '../../errors.js';
import type { CredentialsService } from './service.js';

export const credentialRoutes: FastifyPluginAsyncZod<{ credentials: CredentialsService }> = async (app, { credentials }) => {
  app.get('/credentials', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['credentials'],
      summary: 'Every SSH key with its owner (administrators)',
      response: { 200: credentialListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => credentials.list(request),
  });

  app.get('/credentials/user/:userId', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['credentials'],
      summary: "A user's SSH keys (the user or an administrator)",
      params: credentialUserParamsSchema,
      response: { 200: credentialListSchema, ...errors },
    },
    handler: (request) => credentials.listOfUser(request, request.params.userId),
  });

  app.get('/credential/:id', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['credentials'],
      summary: 'One SSH key (its owner or an administrator)',
      params: credentialIdParamsSchema,
      response: { 200: credentialSchema, ...errors },
    },
    handler: (request) => credentials.get(request, request.params.id),
  });

  app.delete('/credential/:id', {
    schema: {
      tags: ['credentials'],
      summary: 'Delete an SSH key; says whether it was the last key of its owner',
      params: credentialIdParamsSchema,
      response: { 200: deleteCredentialReplySchema, ...errors },
    },
    handler: (request) => credentials.delete(request, request.params.id),
  });

  app.post('/credential/addToUser/:userId', {
    schema: {
      tags: ['credentials'],
      summary: 'Add an SSH public key to a user; says whether it is their first key',
      params: credentialUserParamsSchema,
      body: addCredentialBodySchema,
      response: { 200: addCredentialReplySchema, ...itemRefusalsWithConflict },
    },
    handler: (request) => credentials.addToUser(request, request.params.userId, request.body.sshKey),
  });
};
