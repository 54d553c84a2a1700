// The credentials endpoints.
import {
  addCredentialBodySchema,
  addCredentialReplySchema,
  credentialIdParamsSchema,
  credentialListSchema,
  credentialSchema,
  credentialUserParamsSchema,
  deleteCredentialReplySchema,
} from '../credentials.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict } from '../endpoint.js';

export const credentialsEndpoints = /* @__PURE__ */ defineEndpoints('credentials', {
  list: {
    method: 'GET',
    path: '/credentials',
    action: 'credentials:list',
    tags: ['credentials'],
    summary: 'Every SSH key with its owner (administrators)',
    replies: { 200: credentialListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  listOfUser: {
    method: 'GET',
    path: '/credentials/user/:userId',
    action: 'credentials:read',
    tags: ['credentials'],
    summary: "A user's SSH keys (the user or an administrator)",
    params: credentialUserParamsSchema,
    replies: { 200: credentialListSchema, ...itemRefusals },
  },

  get: {
    method: 'GET',
    path: '/credential/:id',
    action: 'credentials:read',
    tags: ['credentials'],
    summary: 'One SSH key (its owner or an administrator)',
    params: credentialIdParamsSchema,
    replies: { 200: credentialSchema, ...itemRefusals },
  },

  delete: {
    method: 'DELETE',
    path: '/credential/:id',
    action: 'credentials:delete',
    tags: ['credentials'],
    summary: 'Delete an SSH key; says whether it was the last key of its owner',
    params: credentialIdParamsSchema,
    replies: { 200: deleteCredentialReplySchema, ...itemRefusals },
  },

  addToUser: {
    method: 'POST',
    path: '/credential/addToUser/:userId',
    action: 'credentials:add',
    tags: ['credentials'],
    summary: 'Add an SSH public key to a user; says whether it is their first key',
    params: credentialUserParamsSchema,
    body: addCredentialBodySchema,
    replies: { 200: addCredentialReplySchema, ...itemRefusalsWithConflict },
  },
});
