// The registration endpoints.
import * as z from 'zod/mini';
import {
  accountRequestSchema,
  availabilityReplySchema,
  captchaConfigSchema,
  refuseAccountBodySchema,
  refuseAccountReplySchema,
  registrationTokenBodySchema,
  signupChoicesSchema,
  signupEmailQuerySchema,
  signupFormSchema,
  signupReplySchema,
  signupUsernameQuerySchema,
  tokenConfirmationReplySchema,
} from '../registration.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, MAIL_LINK_TOKEN_LIMIT } from '../endpoint.js';

/** Open calls that write or that reveal whether an account exists are limited per address. */
const limits = {
  signup: { max: 20, timeWindow: '1 hour' },
  availability: { max: 120, timeWindow: '1 minute' },
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

export const registrationEndpoints = /* @__PURE__ */ defineEndpoints('registration', {
  captchaConfig: {
    method: 'GET',
    path: '/auth/captcha',
    action: 'account:register',
    tags: ['registration'],
    summary: 'Which captcha the forms show',
    replies: { 200: captchaConfigSchema },
  },

  captchaChallenge: {
    method: 'GET',
    path: '/auth/captcha/challenge',
    action: 'account:register',
    rateLimit: limits.challenge,
    tags: ['registration'],
    summary: 'A new ALTCHA proof-of-work challenge (signed, expiring, accepted once when solved)',
    replies: { 200: altchaChallengeSchema, 404: errorReplySchema, [limited]: errorReplySchema },
  },

  choices: {
    method: 'GET',
    path: '/auth/signupChoices',
    action: 'account:register',
    tags: ['registration'],
    summary: 'Existing employers, employer types and professional statuses offered by the sign-up form',
    replies: { 200: signupChoicesSchema },
  },

  usernameAvailability: {
    method: 'GET',
    path: '/auth/checkIfUsernameAvailable',
    action: 'account:register',
    rateLimit: limits.availability,
    tags: ['registration'],
    summary: 'Whether a username is free; when taken, the sentence to show',
    query: signupUsernameQuerySchema,
    replies: { 200: availabilityReplySchema, 400: errorReplySchema, [limited]: errorReplySchema },
  },

  emailAvailability: {
    method: 'GET',
    path: '/auth/checkIfEmailAvailable',
    action: 'account:register',
    rateLimit: limits.availability,
    tags: ['registration'],
    summary: 'Whether no account uses this email; when one does, the sentence to show',
    query: signupEmailQuerySchema,
    replies: { 200: availabilityReplySchema, 400: errorReplySchema, [limited]: errorReplySchema },
  },

  signUp: {
    method: 'POST',
    path: '/auth/signup',
    action: 'account:register',
    rateLimit: limits.signup,
    tags: ['registration'],
    summary: 'Request an account; an email validation link is mailed',
    body: signupFormSchema,
    replies: { 201: signupReplySchema, 400: errorReplySchema, 409: errorReplySchema, [limited]: errorReplySchema },
  },

  confirmEmail: {
    method: 'POST',
    path: '/auth/sendEmailAdminConfirmationAccount',
    action: 'account:use-mail-link',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['registration'],
    summary: 'Use the email validation link; the administrators are then asked to validate the account',
    body: registrationTokenBodySchema,
    replies: { 200: tokenConfirmationReplySchema, 400: errorReplySchema, 404: errorReplySchema, [limited]: errorReplySchema },
  },

  accountRequest: {
    method: 'POST',
    path: '/auth/accountRequest',
    action: 'account-request:decide',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['registration'],
    summary: 'The account request of an account validation link, for an administrator to decide on (changes nothing)',
    body: registrationTokenBodySchema,
    replies: { 200: accountRequestSchema, 400: errorReplySchema, 404: errorReplySchema, [limited]: errorReplySchema },
  },

  confirmUserAccount: {
    method: 'POST',
    path: '/auth/confirmUserAccount',
    action: 'account-request:decide',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['registration'],
    summary: "Approve the account request of an account validation link (administrators): enables the account with the USER role",
    body: registrationTokenBodySchema,
    replies: {
        200: tokenConfirmationReplySchema,
        400: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        [limited]: errorReplySchema,
      },
  },

  refuseUserAccount: {
    method: 'POST',
    path: '/auth/refuseUserAccount',
    action: 'account-request:decide',
    rateLimit: MAIL_LINK_TOKEN_LIMIT,
    tags: ['registration'],
    summary: 'Refuse the account request of an account validation link (administrators); the reason is mailed to the applicant',
    body: refuseAccountBodySchema,
    replies: {
        200: refuseAccountReplySchema,
        400: errorReplySchema,
        404: errorReplySchema,
        409: errorReplySchema,
        [limited]: errorReplySchema,
      },
  },
});
