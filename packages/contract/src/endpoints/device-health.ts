// The device health endpoints.
import {
  deviceHealthListSchema,
  deviceHealthNoteSchema,
  deviceHealthParamsSchema,
  deviceHealthSchema,
} from '../device-health.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusalsWithConflict } from '../endpoint.js';

export const deviceHealthEndpoints = /* @__PURE__ */ defineEndpoints('device-health', {
  list: {
    method: 'GET',
    path: '/deviceHealth',
    action: 'device-health:manage',
    tags: ['device health'],
    summary: 'Every device with its state, failure streak, last success, quarantine and last five flashes (administrators)',
    replies: { 200: deviceHealthListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  quarantine: {
    method: 'POST',
    path: '/deviceHealth/:mac/quarantine',
    action: 'device-health:manage',
    tags: ['device health'],
    summary: 'Put a device in quarantine by hand, with a note (administrators); it cannot be booked until released',
    description: '404: unknown device. 409: already quarantined.',
    params: deviceHealthParamsSchema,
    body: deviceHealthNoteSchema,
    replies: { 200: deviceHealthSchema, ...itemRefusalsWithConflict },
  },

  release: {
    method: 'POST',
    path: '/deviceHealth/:mac/release',
    action: 'device-health:manage',
    tags: ['device health'],
    summary: 'Release a device from quarantine, with a note (administrators); its failure streak starts afresh',
    description: '404: unknown device. 409: not quarantined.',
    params: deviceHealthParamsSchema,
    body: deviceHealthNoteSchema,
    replies: { 200: deviceHealthSchema, ...itemRefusalsWithConflict },
  },
});
