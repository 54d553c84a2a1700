// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplySchema, meReplySchema, signinReplySchema, signinSchema } from '@testbed/contract';
import { requireSignedIn } from '../../security/policies.js';
import { findUserForSignIn } from '../users/repo.js';
import { redirectUrlFor, type AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/auth/signin', {
    config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a username and a password',
      body: signinSchema,
      response: { 200: signinReplySchema, 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => auth.signIn(request.body, request.ip),
  });

  app.get('/auth/me', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, as in the sign-in reply',
      response: { 200: meReplySchema, 401: errorReplySchema },
    },
    handler: async (request) => {
      const principal = requireSignedIn(request.principal);
      const user = await findUserForSignIn(app.db, principal.username);
      return {
        userId: principal.userId,
        username: principal.username,
        authorities: principal.authorities.map((authority) => ({ authority })),
        hasSshKey: user?.has_ssh_key ?? false,
        timeZone: user?.time_zone ?? null,
        redirectURL: redirectUrlFor(),
      };
    },
  });
};
