// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myUsageLimitsQuerySchema, myUsageLimitsSchema, usagePolicyFormSchema, usagePolicyListSchema } from '@testbed/contract';
import { requestRefusals as errors } from '../../errors.js';
import type { UsagePolicyService } from './service.js';

export const usagePolicyRoutes: FastifyPluginAsyncZod<{ policies: UsagePolicyService }> = async (app, { policies }) => {
  app.get('/usagePolicies', {
    schema: {
      tags: ['usage policies'],
      summary: 'Every usage policy, per device type and group (administrators)',
      response: { 200: usagePolicyListSchema, ...errors },
    },
    handler: (request) => policies.list(request.principal),
  });

  app.put('/usagePolicies', {
    schema: {
      tags: ['usage policies'],
      summary: "Set a device type's policy for everybody (groupId null) or a group; every limit null removes it (administrators)",
      body: usagePolicyFormSchema,
      response: { 200: usagePolicyListSchema, ...errors },
    },
    handler: (request) => policies.save(request.principal, request.body, request.ip),
  });

  app.get('/usagePolicies/mine', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['usage policies'],
      summary: 'The limits that bind the user, per device type (types without a limit are left out)',
      querystring: myUsageLimitsQuerySchema,
      response: { 200: myUsageLimitsSchema, ...errors },
    },
    handler: (request) => policies.mine(request.principal, request.query.userId),
  });
};
