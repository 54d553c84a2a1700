// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSummarySchema,
  accountTokenBodySchema,
  accountUserParamsSchema,
  changeEmailBodySchema,
  changeEmailReplySchema,
  changePasswordBodySchema,
  changePasswordByAdminBodySchema,
  checkTokenReplySchema,
  confirmChangeEmailReplySchema,
  deleteAccountFormSchema,
  deleteAccountReplySchema,
  errorReplySchema,
  partialDeletionReplySchema,
  passwordChangedReplySchema,
  passwordForgottenFormSchema,
  passwordForgottenReplySchema,
  resetPasswordBodySchema,
} from '@testbed/contract';
import { itemRefusalsWithConflict as errors } from '../../errors.js';
import type { AccountSecurityService } from './service.js';

const tokenErrors = { 400: errorReplySchema, 409: errorReplySchema, 429: errorReplySchema };

// Limits per address for the calls that anybody may make: mail sending and token guessing.
const RESET_REQUEST_LIMIT = { max: 5, timeWindow: '15 minutes' };
const TOKEN_LIMIT = { max: 30, timeWindow: '1 minute' };
// Password guessing through the signed-in calls that take a password.
const PASSWORD_LIMIT = { max: 10, timeWindow: '1 minute' };

export const accountSecurityRoutes: FastifyPluginAsyncZod<{ accounts: AccountSecurityService }> = async (app, { accounts }) => {
  app.get('/auth/checkEmailResetPassword', {
    config: { public: true, rateLimit: RESET_REQUEST_LIMIT },
    schema: {
      tags: ['account security'],
      summary: 'Mail a password-reset link (valid one hour) to the account of this address; the reply is always the same',
      querystring: passwordForgottenFormSchema,
      response: { 200: passwordForgottenReplySchema, 400: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => accounts.requestPasswordReset(request.query.email, request.ip),
  });

  app.post('/auth/checkTokenExits', {
    config: { public: true, rateLimit: TOKEN_LIMIT },
    schema: {
      tags: ['account security'],
      summary: 'Whether a password-reset token can still be used (without using it)',
      body: accountTokenBodySchema,
      response: { 200: checkTokenReplySchema, 400: errorReplySchema, 429: errorReplySchema },
    },
    handler: (request) => accounts.checkResetToken(request.body.token),
  });

  app.post('/auth/changePasswordForgottingPassword', {
    config: { public: true, rateLimit: TOKEN_LIMIT },
    schema: {
      tags: ['account security'],
      summary: 'Set a new password with a reset token; ends every session of the account',
      body: resetPasswordBodySchema,
      response: { 200: passwordChangedReplySchema, ...tokenErrors },
    },
    handler: (request) => accounts.resetPassword(request.body, request.ip),
  });

  app.post('/changePassword', {
    config: { rateLimit: PASSWORD_LIMIT },
    schema: {
      tags: ['account security'],
      summary: 'Change one\'s password with the current one; other sessions end, the caller gets a fresh session',
      body: changePasswordBodySchema,
      response: { 200: passwordChangedReplySchema, ...errors, 429: errorReplySchema },
    },
    handler: (request) => accounts.changePassword(request, request.body),
  });

  app.post('/changePasswordByAdmin', {
    schema: {
      tags: ['account security'],
      summary: "Set a user's password (administrators); ends the user's sessions",
      body: changePasswordByAdminBodySchema,
      response: { 200: passwordChangedReplySchema, ...errors },
    },
    handler: (request) => accounts.changePasswordByAdmin(request, request.body),
  });

  app.get('/accountSummary/:id', {
    schema: {
      tags: ['account security'],
      summary: 'Name, username and e-mail of the account shown by the password, e-mail and deletion screens',
      params: accountUserParamsSchema,
      response: { 200: accountSummarySchema, ...errors },
    },
    handler: (request) => accounts.summary(request, request.params.id),
  });

  app.post('/changeEmail', {
    schema: {
      tags: ['account security'],
      summary: 'Mail a confirmation link (valid 24 hours) to the new address; the address changes when it is opened',
      body: changeEmailBodySchema,
      response: { 200: changeEmailReplySchema, ...errors },
    },
    handler: (request) => accounts.changeEmail(request, request.body),
  });

  app.post('/changeEmailByAdmin', {
    schema: {
      tags: ['account security'],
      summary: "Mail a confirmation link for a user's new address (administrators)",
      body: changeEmailBodySchema,
      response: { 200: changeEmailReplySchema, ...errors },
    },
    handler: (request) => accounts.changeEmailByAdmin(request, request.body),
  });

  app.post('/confirmTokenChangeEmail', {
    config: { public: true, rateLimit: TOKEN_LIMIT },
    schema: {
      tags: ['account security'],
      summary: 'Open an e-mail change link: the account takes the new address and the old one is told',
      body: accountTokenBodySchema,
      response: { 200: confirmChangeEmailReplySchema, ...tokenErrors },
    },
    handler: (request) => accounts.confirmChangeEmail(request.body.token, request.ip),
  });

  app.post('/deleteUserPartiallyByUser/:id', {
    config: { rateLimit: PASSWORD_LIMIT },
    schema: {
      tags: ['account security'],
      summary: 'Delete one\'s own account with one\'s password; its sessions end',
      params: accountUserParamsSchema,
      body: deleteAccountFormSchema,
      response: { 200: deleteAccountReplySchema, ...errors, 429: errorReplySchema },
    },
    handler: (request) => accounts.deleteOwnAccount(request, request.params.id, request.body.password),
  });

  app.delete('/deleteUserPartiallyByAdmin/:id', {
    schema: {
      tags: ['account security'],
      summary: 'Anonymise an account (administrators): drops its credentials, intended usages, employers and password',
      params: accountUserParamsSchema,
      response: { 200: partialDeletionReplySchema, ...errors },
    },
    handler: (request) => accounts.deletePartiallyByAdmin(request, request.params.id),
  });
};
