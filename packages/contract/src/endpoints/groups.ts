// The groups endpoints.
import * as z from 'zod/mini';
import {
  deleteGroupReplySchema,
  deleteGroupTypeReplySchema,
  groupBodySchema,
  groupDetailsSchema,
  groupIdParamsSchema,
  groupMemberParamsSchema,
  groupMemberQuerySchema,
  groupSummaryListSchema,
  groupTypeFormSchema,
  groupTypeIdParamsSchema,
  groupTypeListSchema,
  groupTypeSchema,
  groupsBodySchema,
} from '../groups.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict } from '../endpoint.js';

export const groupsEndpoints = /* @__PURE__ */ defineEndpoints('groups', {
  listGroupTypes: {
    // Group types
    method: 'GET',
    path: '/groupTypes',
    action: 'groups:read',
    tags: ['groups'],
    summary: 'Every group type with its number of groups (administrators)',
    replies: { 200: groupTypeListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  getGroupType: {
    method: 'GET',
    path: '/groupType/:id',
    action: 'groups:read',
    tags: ['groups'],
    summary: 'One group type (administrators)',
    params: groupTypeIdParamsSchema,
    replies: { 200: groupTypeSchema, ...itemRefusals },
  },

  groupsOfType: {
    method: 'GET',
    path: '/groupType/:id/groups',
    action: 'groups:read',
    tags: ['groups'],
    summary: 'The groups of a group type (administrators)',
    params: groupTypeIdParamsSchema,
    replies: { 200: groupSummaryListSchema, ...itemRefusals },
  },

  createGroupType: {
    method: 'POST',
    path: '/groupType',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Create a group type (administrators)',
    body: groupTypeFormSchema,
    replies: { 200: groupTypeSchema, ...itemRefusalsWithConflict },
  },

  updateGroupType: {
    method: 'PUT',
    path: '/groupType/:id',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Change the label of a group type (administrators)',
    params: groupTypeIdParamsSchema,
    body: groupTypeFormSchema,
    replies: { 200: groupTypeSchema, ...itemRefusalsWithConflict },
  },

  deleteGroupType: {
    method: 'DELETE',
    path: '/groupType/:id',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Delete a group type that no group uses (administrators)',
    params: groupTypeIdParamsSchema,
    replies: { 200: deleteGroupTypeReplySchema, ...itemRefusalsWithConflict },
  },

  listGroups: {
    // Groups
    method: 'GET',
    path: '/groups',
    action: 'groups:read',
    tags: ['groups'],
    summary: 'Every group with its type and numbers of members and managers (administrators)',
    replies: { 200: groupSummaryListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  createGroups: {
    method: 'POST',
    path: '/groups',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Create several groups at once, all or none (administrators)',
    body: groupsBodySchema,
    replies: { 200: z.array(groupDetailsSchema), ...itemRefusalsWithConflict },
  },

  getGroup: {
    method: 'GET',
    path: '/group/:id',
    action: 'group:read',
    tags: ['groups'],
    summary: 'One group with its members and managers (administrators and the managers of the group)',
    params: groupIdParamsSchema,
    replies: { 200: groupDetailsSchema, ...itemRefusals },
  },

  createGroup: {
    method: 'POST',
    path: '/group',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Create a group (administrators)',
    body: groupBodySchema,
    replies: { 200: groupDetailsSchema, ...itemRefusalsWithConflict },
  },

  updateGroup: {
    method: 'PUT',
    path: '/group/:id',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Change the name and type of a group (administrators)',
    params: groupIdParamsSchema,
    body: groupBodySchema,
    replies: { 200: groupDetailsSchema, ...itemRefusalsWithConflict },
  },

  deleteGroup: {
    method: 'DELETE',
    path: '/group/:id',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Delete a group that has no member (administrators)',
    params: groupIdParamsSchema,
    replies: { 200: deleteGroupReplySchema, ...itemRefusalsWithConflict },
  },

  addUser: {
    method: 'PUT',
    path: '/group/:groupId/userToAdd/:userId',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Add a user to the members of a group, or to its managers with ?as=manager (administrators)',
    params: groupMemberParamsSchema,
    query: groupMemberQuerySchema,
    replies: { 200: groupDetailsSchema, ...itemRefusalsWithConflict },
  },

  removeUser: {
    method: 'PUT',
    path: '/group/:groupId/userToRemove/:userId',
    action: 'groups:manage',
    tags: ['groups'],
    summary: 'Remove a user from the members of a group, or from its managers with ?as=manager (administrators)',
    params: groupMemberParamsSchema,
    query: groupMemberQuerySchema,
    replies: { 200: groupDetailsSchema, ...itemRefusals },
  },
});
