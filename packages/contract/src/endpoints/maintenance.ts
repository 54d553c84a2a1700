// The maintenance endpoints.
import {
  maintenanceCreatedSchema,
  maintenanceFormSchema,
  maintenanceIdParamsSchema,
  maintenanceListQuerySchema,
  maintenancePreviewSchema,
  maintenanceWindowListSchema,
  maintenanceWindowSchema,
} from '../catalogue.js';
import { defineEndpoints, itemRefusals, requestRefusals } from '../endpoint.js';

export const maintenanceEndpoints = /* @__PURE__ */ defineEndpoints('maintenance', {
  list: {
    method: 'GET',
    path: '/maintenanceWindows',
    action: 'maintenance:read',
    tags: ['maintenance'],
    summary: 'Maintenance windows that have not ended (or that overlap [from, to)), soonest first (any signed-in user)',
    query: maintenanceListQuerySchema,
    replies: { 200: maintenanceWindowListSchema, ...requestRefusals },
  },

  preview: {
    // Administrators' changes: no personal API token makes them.
    method: 'POST',
    path: '/maintenanceWindows/preview',
    action: 'maintenance:manage',
    tags: ['maintenance'],
    summary: 'The devices a maintenance would block and the reservations already inside it; creates nothing (administrators)',
    body: maintenanceFormSchema,
    replies: { 200: maintenancePreviewSchema, ...requestRefusals },
  },

  create: {
    method: 'POST',
    path: '/maintenanceWindows',
    action: 'maintenance:manage',
    tags: ['maintenance'],
    summary: 'Block devices, or a whole device type, for a window with a reason; mails the holders of the reservations inside it (administrators)',
    body: maintenanceFormSchema,
    replies: { 200: maintenanceCreatedSchema, ...requestRefusals },
  },

  remove: {
    method: 'DELETE',
    path: '/maintenanceWindows/:id',
    action: 'maintenance:manage',
    tags: ['maintenance'],
    summary: 'End a maintenance early or cancel it: its devices can be booked again (administrators)',
    params: maintenanceIdParamsSchema,
    replies: { 200: maintenanceWindowSchema, ...itemRefusals },
  },
});
