// The catalogue endpoints.
import { deviceCatalogueQuerySchema, deviceCatalogueSchema } from '../catalogue.js';
import { defineEndpoints, requestRefusals } from '../endpoint.js';

export const catalogueEndpoints = /* @__PURE__ */ defineEndpoints('catalogue', {
  catalogue: {
    method: 'GET',
    operationId: 'getDeviceCatalogue',
    path: '/deviceCatalogue',
    action: 'catalogue:read',
    tags: ['devices'],
    summary: "Every device's properties and state now, filtered by type, state and properties (key:value, repeatable), with the fleet counted by state",
    query: deviceCatalogueQuerySchema,
    replies: { 200: deviceCatalogueSchema, ...requestRefusals },
  },
});
