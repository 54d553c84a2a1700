// The user images' endpoints. The bytes themselves go through the tus protocol at IMAGE_UPLOADS_PATH
// (docs/images.md), whose calls the tus server answers; these are the JSON calls around them.
import * as z from 'zod/mini';
import {
  adminImageListSchema,
  flashableImageListSchema,
  flashableImagesQuerySchema,
  groupQuotaParamsSchema,
  imageListQuerySchema,
  imageParamsSchema,
  imageQuotaReplySchema,
  imageQuotaSchema,
  imageUpdateSchema,
  imageDeletedSchema,
  imageUsageSchema,
  userImageListSchema,
  userImageSchema,
  userQuotaParamsSchema,
} from '../images.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict, requestRefusals } from '../endpoint.js';

export const imagesEndpoints = /* @__PURE__ */ defineEndpoints('images', {
  list: {
    method: 'GET',
    path: '/images',
    action: 'images:list',
    tags: ['images'],
    summary: 'My images (scope=mine), or every image I may flash (scope=usable), of one device type or all',
    query: imageListQuerySchema,
    replies: { 200: userImageListSchema, ...requestRefusals },
  },

  flashable: {
    method: 'GET',
    path: '/images/flashable',
    action: 'images:list',
    tags: ['images'],
    summary: "The images I may flash on a device type: the operator's first, then mine, my groups', the public ones",
    description: 'Each with the ref a flash request names it by (an operator image by its name, a user image as image:<id>). ' +
        'Deprecated images are not offered.',
    query: flashableImagesQuerySchema,
    replies: { 200: flashableImageListSchema, ...requestRefusals },
  },

  usage: {
    method: 'GET',
    path: '/images/usage',
    action: 'images:list',
    tags: ['images'],
    summary: 'The bytes my images take against my quota, and those shared with each of my groups against its quota',
    replies: { 200: imageUsageSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  get: {
    method: 'GET',
    path: '/images/:id',
    action: 'image:use',
    tags: ['images'],
    summary: 'One image I may use',
    description: "404: no such image, or one I may not use (another user's private image answers like a missing one).",
    params: imageParamsSchema,
    replies: { 200: userImageSchema, ...itemRefusals },
  },

  download: {
    method: 'GET',
    path: '/images/:id/content',
    action: 'image:use',
    tags: ['images'],
    summary: 'The bytes of an image I may use (application/octet-stream)',
    params: imageParamsSchema,
    replies: { 200: z.string().check(z.describe('application/octet-stream')), ...itemRefusals },
  },

  update: {
    method: 'PUT',
    path: '/images/:id',
    action: 'image:manage',
    tags: ['images'],
    summary: 'Change my image: name, version, description, device types, visibility',
    description: 'Visibility group names one of my groups (its quota is checked); public waits for an administrator\'s ' +
        'approval before others see it. 400: a device type that does not accept the image\'s format, a group of which ' +
        'I am not a member, the group\'s quota exceeded. 409: another of my images has this name and version.',
    params: imageParamsSchema,
    body: imageUpdateSchema,
    replies: { 200: userImageSchema, ...itemRefusalsWithConflict },
  },

  delete: {
    method: 'DELETE',
    path: '/images/:id',
    action: 'image:manage',
    tags: ['images'],
    summary: 'Delete my image (administrators: any image)',
    description: '409 while a flash job that writes it is running. The content is removed with its last image.',
    params: imageParamsSchema,
    replies: { 200: imageDeletedSchema, ...itemRefusalsWithConflict },
  },

  adminList: {
    method: 'GET',
    path: '/adminImages',
    action: 'images:administer',
    tags: ['images'],
    summary: 'Every image, with its owner, size, visibility and last flash, and the storage they take (administrators)',
    replies: { 200: adminImageListSchema, 401: errorReplySchema, 403: errorReplySchema },
  },

  approvePublic: {
    method: 'POST',
    path: '/adminImages/:id/approvePublic',
    action: 'images:administer',
    tags: ['images'],
    summary: 'Approve a public image: everyone may then flash it (administrators; audited)',
    description: '409: the image is not public.',
    params: imageParamsSchema,
    replies: { 200: userImageSchema, ...itemRefusalsWithConflict },
  },

  deprecate: {
    method: 'POST',
    path: '/adminImages/:id/deprecate',
    action: 'images:administer',
    tags: ['images'],
    summary: 'Deprecate an image: no longer offered, running work goes on (administrators; audited)',
    params: imageParamsSchema,
    replies: { 200: userImageSchema, ...itemRefusals },
  },

  setUserQuota: {
    method: 'PUT',
    path: '/imageQuotas/users/:userId',
    action: 'images:administer',
    tags: ['images'],
    summary: "Set a user's image quota in bytes, or null for the configured default (administrators; audited)",
    params: userQuotaParamsSchema,
    body: imageQuotaSchema,
    replies: { 200: imageQuotaReplySchema, ...itemRefusals },
  },

  setGroupQuota: {
    method: 'PUT',
    path: '/imageQuotas/groups/:groupId',
    action: 'images:administer',
    tags: ['images'],
    summary: "Set a group's image quota in bytes, or null for the configured default (administrators; audited)",
    params: groupQuotaParamsSchema,
    body: imageQuotaSchema,
    replies: { 200: imageQuotaReplySchema, ...itemRefusals },
  },
});
