// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  accountRequestSchema,
  availabilityReplySchema,
  captchaConfigSchema,
  errorReplySchema,
  refuseAccountBodySchema,
  refuseAccountReplySchema,
  registrationTokenBodySchema,
  signupChoicesSchema,
  signupEmailQuerySchema,
  signupFormSchema,
  signupReplySchema,
  signupUsernameQuerySchema,
  tokenConfirmationReplySchema,
} from '@testbed/contract';
import type { RegistrationService } from './service.js';

/** Open calls that write or that reveal whether an account exists are limited per address. */
const limits = {
  signup: { max: 20, timeWindow: '1 hour' },
  availability: { max: 120, timeWindow: '1 minute' },
  token: { max: 30, timeWindow: '1 minute' },
  challenge: { max: 60, timeWindow: '1 minute' },
};

const limited = 429 as const;

/** ALTCHA's challenge format, as the widget reads it. */
const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    memoryCost: z.optional(z.number()),
    parallelism: z.optional(z.number()),
    expiresAt: z.optional(z.number()),
    data: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  }),
  signature: z.optional(z.string()),
});

export const registrationRoutes: FastifyPluginAsyncZod<{ registration: RegistrationService }> = async (app, { registration }) => {
  app.get('/auth/captcha', {
    config: { public: true },
    schema: { tags: ['registration'], summary: 'Which captcha the forms show', response: { 200: captchaConfigSchema } },
    handler: () => registration.captchaConfig(),
  });

  app.get('/auth/captcha/challenge', {
    config: { public: true, rateLimit: limits.challenge },
    schema: {
      tags: ['registration'],
      summary: 'A new ALTCHA proof-of-work challenge (signed, expiring, accepted once when solved)',
      response: { 200: altchaChallengeSchema, 404: errorReplySchema, [limited]: errorReplySchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return registration.captchaChallenge();
    },
  });

  app.get('/auth/signupChoices', {
    config: { public: true },
    schema: {
      tags: ['registration'],
      summary: 'Existing employers, employer types and professional statuses offered by the sign-up form',
      response: { 200: signupChoicesSchema },
    },
    handler: () => registration.choices(),
  });

  app.get('/auth/checkIfUsernameAvailable', {
    config: { public: true, rateLimit: limits.availability },
    schema: {
      tags: ['registration'],
      summary: 'Whether a username is free; when taken, the sentence to show',
      querystring: signupUsernameQuerySchema,
      response: { 200: availabilityReplySchema, 400: errorReplySchema, [limited]: errorReplySchema },
    },
    handler: (request) => registration.usernameAvailability(request.query.username),
  });

  app.get('/auth/checkIfEmailAvailable', {
    config: { public: true, rateLimit: limits.availability },
    schema: {
      tags: ['registration'],
      summary: 'Whether no account uses this email; when one does, the sentence to show',
      querystring: signupEmailQuerySchema,
      response: { 200: availabilityReplySchema, 400: errorReplySchema, [limited]: errorReplySchema },
    },
    handler: (request) => registration.emailAvailability(request.query.email),
  });

  app.post('/auth/signup', {
    config: { public: true, rateLimit: limits.signup },
    schema: {
      tags: ['registration'],
      summary: 'Request an account; an email validation link is mailed',
      body: signupFormSchema,
      response: { 201: signupReplySchema, 400: errorReplySchema, 409: errorReplySchema, [limited]: errorReplySchema },
    },
    handler: async (request, reply) => {
      const result = await registration.signUp(request.body, request);
      return reply.code(201).send(result);
    },
  });

  app.post('/auth/sendEmailAdminConfirmationAccount', {
    config: { public: true, rateLimit: limits.token },
    schema: {
      tags: ['registration'],
      summary: 'Use the email validation link; the administrators are then asked to validate the account',
      body: registrationTokenBodySchema,
      response: { 200: tokenConfirmationReplySchema, 400: errorReplySchema, 404: errorReplySchema, [limited]: errorReplySchema },
    },
    handler: (request) => registration.confirmEmail(request.body.token, request),
  });

  app.post('/auth/accountRequest', {
    config: { rateLimit: limits.token },
    schema: {
      tags: ['registration'],
      summary: 'The account request of an account validation link, for an administrator to decide on (changes nothing)',
      body: registrationTokenBodySchema,
      response: { 200: accountRequestSchema, 400: errorReplySchema, 404: errorReplySchema, [limited]: errorReplySchema },
    },
    handler: (request) => registration.accountRequest(request.body.token, request),
  });

  app.post('/auth/confirmUserAccount', {
    config: { rateLimit: limits.token },
    schema: {
      tags: ['registration'],
      summary: "Approve the account request of an account validation link (administrators): enables the account with the USER role",
      body: registrationTokenBodySchema,
      response: {
        200: tokenConfirmationReplySchema,
        400: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        [limited]: errorReplySchema,
      },
    },
    handler: (request) => registration.confirmUserAccount(request.body.token, request),
  });

  app.post('/auth/refuseUserAccount', {
    config: { rateLimit: limits.token },
    schema: {
      tags: ['registration'],
      summary: 'Refuse the account request of an account validation link (administrators); the reason is mailed to the applicant',
      body: refuseAccountBodySchema,
      response: {
        200: refuseAccountReplySchema,
        400: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        [limited]: errorReplySchema,
      },
    },
    handler: (request) => registration.refuseUserAccount(request.body.token, request.body.reason, request),
  });
};
