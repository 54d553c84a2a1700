// The reference lists endpoints.
import { employerTypeListSchema, professionalStatusListSchema } from '../reference-lists.js';
import { defineEndpoints } from '../endpoint.js';

export const referenceListsEndpoints = /* @__PURE__ */ defineEndpoints('reference-lists', {
  employerTypes: {
    method: 'GET',
    path: '/employerTypes',
    action: 'public:read',
    tags: ['reference lists'],
    summary: 'The employer types offered by the sign-up and employer forms (open to anybody)',
    replies: { 200: employerTypeListSchema },
  },

  professionalStatuses: {
    method: 'GET',
    path: '/professionalStatusList',
    action: 'public:read',
    tags: ['reference lists'],
    summary: 'The professional statuses offered by the sign-up and employer forms (open to anybody)',
    replies: { 200: professionalStatusListSchema },
  },
});
