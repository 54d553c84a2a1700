// The route declarations share Fastify's shape on purpose: each route's schema is its validation and its documentation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteGroupReplySchema,
  deleteGroupTypeReplySchema,
  errorReplySchema,
  groupBodySchema,
  groupDetailsSchema,
  groupIdParamsSchema,
  groupMemberParamsSchema,
  groupMemberQuerySchema,
  groupsBodySchema,
  groupSummaryListSchema,
  groupTypeFormSchema,
  groupTypeIdParamsSchema,
  groupTypeListSchema,
  groupTypeSchema,
} from '@testbed/contract';
import * as z from 'zod/mini';
import { itemRefusals as errors, itemRefusalsWithConflict as withConflict } from '../../errors.js';
import type { GroupsService } from './service.js';

export const groupRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  // Group types

  app.get('/groupTypes', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['groups'],
      summary: 'Every group type with its number of groups (administrators)',
      response: { 200: groupTypeListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => groups.listGroupTypes(request),
  });

  app.get('/groupType/:id', {
    config: { apiToken: 'read' },
    schema: { tags: ['groups'], summary: 'One group type (administrators)', params: groupTypeIdParamsSchema, response: { 200: groupTypeSchema, ...errors } },
    handler: (request) => groups.getGroupType(request, request.params.id),
  });

  app.get('/groupType/:id/groups', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['groups'],
      summary: 'The groups of a group type (administrators)',
      params: groupTypeIdParamsSchema,
      response: { 200: groupSummaryListSchema, ...errors },
    },
    handler: (request) => groups.groupsOfType(request, request.params.id),
  });

  app.post('/groupType', {
    schema: { tags: ['groups'], summary: 'Create a group type (administrators)', body: groupTypeFormSchema, response: { 200: groupTypeSchema, ...withConflict } },
    handler: (request) => groups.createGroupType(request, request.body),
  });

  app.put('/groupType/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Change the label of a group type (administrators)',
      params: groupTypeIdParamsSchema,
      body: groupTypeFormSchema,
      response: { 200: groupTypeSchema, ...withConflict },
    },
    handler: (request) => groups.updateGroupType(request, request.params.id, request.body),
  });

  app.delete('/groupType/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Delete a group type that no group uses (administrators)',
      params: groupTypeIdParamsSchema,
      response: { 200: deleteGroupTypeReplySchema, ...withConflict },
    },
    handler: (request) => groups.deleteGroupType(request, request.params.id),
  });

  // Groups

  app.get('/groups', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['groups'],
      summary: 'Every group with its type and numbers of members and managers (administrators)',
      response: { 200: groupSummaryListSchema, 401: errorReplySchema, 403: errorReplySchema },
    },
    handler: (request) => groups.listGroups(request),
  });

  app.post('/groups', {
    schema: {
      tags: ['groups'],
      summary: 'Create several groups at once, all or none (administrators)',
      body: groupsBodySchema,
      response: { 200: z.array(groupDetailsSchema), ...withConflict },
    },
    handler: (request) => groups.createGroups(request, request.body),
  });

  app.get('/group/:id', {
    config: { apiToken: 'read' },
    schema: {
      tags: ['groups'],
      summary: 'One group with its members and managers (administrators and the managers of the group)',
      params: groupIdParamsSchema,
      response: { 200: groupDetailsSchema, ...errors },
    },
    handler: (request) => groups.getGroup(request, request.params.id),
  });

  app.post('/group', {
    schema: { tags: ['groups'], summary: 'Create a group (administrators)', body: groupBodySchema, response: { 200: groupDetailsSchema, ...withConflict } },
    handler: (request) => groups.createGroup(request, request.body),
  });

  app.put('/group/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Change the name and type of a group (administrators)',
      params: groupIdParamsSchema,
      body: groupBodySchema,
      response: { 200: groupDetailsSchema, ...withConflict },
    },
    handler: (request) => groups.updateGroup(request, request.params.id, request.body),
  });

  app.delete('/group/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Delete a group that has no member (administrators)',
      params: groupIdParamsSchema,
      response: { 200: deleteGroupReplySchema, ...withConflict },
    },
    handler: (request) => groups.deleteGroup(request, request.params.id),
  });

  app.put('/group/:groupId/userToAdd/:userId', {
    schema: {
      tags: ['groups'],
      summary: 'Add a user to the members of a group, or to its managers with ?as=manager (administrators)',
      params: groupMemberParamsSchema,
      querystring: groupMemberQuerySchema,
      response: { 200: groupDetailsSchema, ...withConflict },
    },
    handler: (request) => groups.addUser(request, request.params.groupId, request.params.userId, request.query.as),
  });

  app.put('/group/:groupId/userToRemove/:userId', {
    schema: {
      tags: ['groups'],
      summary: 'Remove a user from the members of a group, or from its managers with ?as=manager (administrators)',
      params: groupMemberParamsSchema,
      querystring: groupMemberQuerySchema,
      response: { 200: groupDetailsSchema, ...errors },
    },
    handler: (request) => groups.removeUser(request, request.params.groupId, request.params.userId, request.query.as),
  });
};
