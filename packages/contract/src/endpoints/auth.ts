// The auth endpoints.
import { meReplySchema, signinReplySchema, signinSchema } from '../auth.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints } from '../endpoint.js';

export const authEndpoints = /* @__PURE__ */ defineEndpoints('auth', {
  signIn: {
    method: 'POST',
    operationId: 'signIn',
    path: '/auth/signin',
    action: 'session:create',
    rateLimit: { max: 10, timeWindow: '1 minute' },
    tags: ['auth'],
    summary: 'Sign in with a username and a password',
    body: signinSchema,
    replies: { 200: signinReplySchema, 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema },
  },

  me: {
    method: 'GET',
    operationId: 'getSignedInUser',
    path: '/auth/me',
    action: 'session:read',
    tags: ['auth'],
    summary: 'The signed-in user, as in the sign-in reply',
    replies: { 200: meReplySchema, 401: errorReplySchema },
  },
});
