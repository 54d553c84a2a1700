// The experiment endpoints (docs/experiments.md).
import * as z from 'zod/mini';
import {
  experimentAdminQuerySchema,
  experimentDescriptionSchema,
  experimentEventsQuerySchema,
  experimentExportSchema,
  experimentListQuerySchema,
  experimentListSchema,
  experimentParamsSchema,
  experimentPreviewSchema,
  experimentSchema,
  experimentTemplateFormSchema,
  experimentTemplateListSchema,
  experimentTemplateSchema,
} from '../experiments.js';
import { errorReplySchema } from '../errors.js';
import { flashStreamTicketSchema } from '../flashing.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict, requestRefusals } from '../endpoint.js';

export const experimentsEndpoints = /* @__PURE__ */ defineEndpoints('experiments', {
  schema: {
    method: 'GET',
    path: '/experiments/schema',
    action: 'experiments:list',
    tags: ['experiments'],
    summary: "The JSON Schema of an experiment's description",
    replies: { 200: z.record(z.string(), z.unknown()), 401: errorReplySchema },
  },

  preview: {
    method: 'POST',
    path: '/experiments/preview',
    action: 'experiments:list',
    tags: ['experiments'],
    summary: 'The slot and the devices a submission of the description would get now; nothing is booked',
    description: '400 names the field of the description that is wrong; 409 when no slot fits (a fixed start taken, names the blocker).',
    body: experimentDescriptionSchema,
    replies: { 200: experimentPreviewSchema, ...requestRefusals, 409: errorReplySchema },
  },

  submit: {
    method: 'POST',
    path: '/experiments',
    action: 'experiment:submit',
    tags: ['experiments'],
    summary: 'Books the devices of the description (atomic with the usage policies), then flashes and follows them to ready',
    description:
      "The reply is the experiment as booked (state 'waiting'); the server runs it from there. 'earliest' takes the next " +
      'slot free for every group (a booking that loses a race moves to the slot after); a fixed start or `now` that is ' +
      'taken answers 409 naming what is in the way. 400 names the field, or the usage policy broken.',
    body: experimentDescriptionSchema,
    replies: { 201: experimentSchema, ...requestRefusals, 409: errorReplySchema },
  },

  mine: {
    method: 'GET',
    path: '/experiments',
    action: 'experiments:list',
    tags: ['experiments'],
    summary: 'Your experiments, newest first: running, coming, past or all',
    query: experimentListQuerySchema,
    replies: { 200: experimentListSchema, 400: errorReplySchema, 401: errorReplySchema },
  },

  all: {
    method: 'GET',
    path: '/experiments/all',
    action: 'experiments:list-all',
    tags: ['experiments'],
    summary: "Every user's experiments, newest first, filtered by state, user and time",
    query: experimentAdminQuerySchema,
    replies: { 200: experimentListSchema, ...requestRefusals },
  },

  get: {
    method: 'GET',
    path: '/experiments/:id',
    action: 'experiment:read',
    tags: ['experiments'],
    summary: 'An experiment with its description, its devices and their states, its reservation and flash jobs',
    description: "Yours, or any for an administrator; someone else's answers 404 like an unknown one.",
    params: experimentParamsSchema,
    replies: { 200: experimentSchema, ...itemRefusals },
  },

  streamTicket: {
    method: 'POST',
    operationId: 'createExperimentStreamTicket',
    path: '/experiments/:id/streamTicket',
    action: 'experiment:read',
    tags: ['experiments'],
    summary: "A single-use ticket, valid 60 s, that opens the experiment's stream",
    description: 'EventSource cannot send the bearer header: the stream takes this ticket in its query instead. 404 as for the experiment.',
    params: experimentParamsSchema,
    replies: { 200: flashStreamTicketSchema, ...itemRefusals },
  },

  events: {
    method: 'GET',
    operationId: 'streamExperimentEvents',
    path: '/experiments/:id/events',
    action: 'experiment:follow-stream',
    tags: ['experiments'],
    summary: "An experiment's state and its devices' as Server-Sent Events",
    description:
      "Authenticated by a ticket from POST /experiments/{id}/streamTicket. Events: 'experiment' (the experiment as " +
      'GET /experiments/{id} answers it) at once, then again each time its state or a device\'s changes, on whichever ' +
      "instance; 'end' ({state}) when it is done, failed or cancelled, and the stream closes. " +
      '401: invalid, used or expired ticket. 429: the user has as many streams open as they may at once ' +
      '(FLASH_STREAMS_PER_USER, over all instances, flash progress included); the ticket is used up.',
    params: experimentParamsSchema,
    query: experimentEventsQuerySchema,
    replies: { 200: z.string().check(z.describe('text/event-stream')), 400: errorReplySchema, 401: errorReplySchema, 429: errorReplySchema },
  },

  stop: {
    method: 'POST',
    path: '/experiments/:id/stop',
    action: 'experiment:stop',
    tags: ['experiments'],
    summary: 'Ends the experiment now: the devices are released and flashed back to their default image',
    description: 'Before its start, the booking is removed and the experiment is cancelled. 409: it is already over.',
    params: experimentParamsSchema,
    replies: { 200: experimentSchema, ...itemRefusalsWithConflict },
  },

  runAgain: {
    method: 'POST',
    path: '/experiments/:id/runAgain',
    action: 'experiment:submit',
    tags: ['experiments'],
    summary: "Submits the experiment's description again, at the earliest slot unless it names a fixed start",
    params: experimentParamsSchema,
    replies: { 201: experimentSchema, ...itemRefusalsWithConflict },
  },

  export: {
    method: 'GET',
    path: '/experiments/:id/export',
    action: 'experiment:read',
    tags: ['experiments'],
    summary: 'The experiment as one JSON file: its description, devices, images with checksums and flash logs',
    description: '`testbed experiment submit` takes this file as it is and submits its description again.',
    params: experimentParamsSchema,
    replies: { 200: experimentExportSchema, ...itemRefusals },
  },

  templates: {
    method: 'GET',
    path: '/experimentTemplates',
    action: 'experiments:list',
    tags: ['experiments'],
    summary: 'The experiment templates you may use: yours, and those shared with a group you belong to',
    replies: { 200: experimentTemplateListSchema, 401: errorReplySchema },
  },

  saveTemplate: {
    method: 'POST',
    path: '/experimentTemplates',
    action: 'experiments:list',
    tags: ['experiments'],
    summary: 'Saves a description under a name, private or shared with a group you belong to',
    description: 'Saving again under the same name replaces your template. 400: not a group of yours, or a wrong description (the field named).',
    body: experimentTemplateFormSchema,
    replies: { 201: experimentTemplateSchema, ...requestRefusals },
  },

  deleteTemplate: {
    method: 'DELETE',
    path: '/experimentTemplates/:id',
    action: 'experiment:template-delete',
    tags: ['experiments'],
    summary: 'Deletes one of your templates (an administrator: anyone\'s)',
    description: "Someone else's answers 404 like an unknown one, even when it is shared with you.",
    params: experimentParamsSchema,
    replies: { 200: z.object({ deleted: z.literal(true) }), ...itemRefusals },
  },
});
