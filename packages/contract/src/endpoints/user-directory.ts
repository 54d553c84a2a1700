// The directory of active accounts, searched by name (the colleagues offered when booking, the user picker):
// apart from the users table, so that the pages that search do not load the account forms' schemas.
import { validUserListSchema, validUsersQuerySchema } from '../reservations.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints } from '../endpoint.js';

export const userDirectoryEndpoints = /* @__PURE__ */ defineEndpoints('user-directory', {
  search: {
    method: 'GET',
    path: '/validUsers',
    action: 'user:search',
    tags: ['users'],
    summary: 'Active accounts whose last name, first name or username contains `name` (at most 100)',
    query: validUsersQuerySchema,
    replies: { 200: validUserListSchema, 400: errorReplySchema, 401: errorReplySchema },
  },
});
