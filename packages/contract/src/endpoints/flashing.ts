// The flashing endpoints.
import * as z from 'zod/mini';
import {
  checkFlashingReplySchema,
  checkFlashingRequestSchema,
  checkNodeReadyReplySchema,
  checkNodeReadyRequestSchema,
  flashBatchReplySchema,
  flashBatchRequestSchema,
  flashEventsQuerySchema,
  flashHistoryQuerySchema,
  flashHistorySchema,
  flashJobDetailSchema,
  flashJobListSchema,
  flashJobParamsSchema,
  flashNodesListSchema,
  flashNodesReplySchema,
  flashNodesRequestSchema,
  flashStreamTicketSchema,
  restoreAccountReplySchema,
  restoreAccountRequestSchema,
} from '../flashing.js';
import { errorReplySchema } from '../errors.js';
import { defineEndpoints, itemRefusals, itemRefusalsWithConflict } from '../endpoint.js';

export const flashingEndpoints = /* @__PURE__ */ defineEndpoints('flashing', {
  nodes: {
    method: 'GET',
    operationId: 'getNodes',
    path: '/getNodes',
    action: 'devices:read',
    tags: ['flashing'],
    summary: 'Flashable devices: device type → MAC address → {ip, up, images, isFlashableByCurrentUser, hasDeviceFlashableByCurrentUser}',
    replies: { 200: flashNodesListSchema, 401: errorReplySchema },
  },

  flash: {
    method: 'POST',
    operationId: 'flashNodes',
    path: '/flashNodes',
    action: 'flash:device',
    tags: ['flashing'],
    summary: 'Start flashing a device with an image',
    description: 'An administrator flashes any device; a user the devices of a running Exclusive reservation they hold or share. ' +
        '200: value0 true, value1 the start time in seconds, value2 the handle of the flash job. 400: unknown image, ' +
        'device of another type, device down, no SSH key. 403: not your device. 404: unknown device. ' +
        '409: the device is already being flashed, or the reservation ended as the job was created. The job runs within ' +
        'the reservation: it ends as cancelled when the reservation is released, deleted, shortened to now or over.',
    body: flashNodesRequestSchema,
    replies: { 200: flashNodesReplySchema, ...itemRefusalsWithConflict },
  },

  checkFlashing: {
    method: 'POST',
    operationId: 'checkFlashing',
    path: '/checkFlashing',
    action: 'flash:job',
    tags: ['flashing'],
    summary: 'The newest status line of a flash job',
    description: 'The body is the handle given by flashNodes (a JSON string, or {handle}). value1 is the newest line ' +
        "'date : text'; state tells where the pipeline stands. 404: unknown handle, or a job of someone else.",
    body: checkFlashingRequestSchema,
    replies: { 200: checkFlashingReplySchema, ...itemRefusals },
  },

  checkNodeReady: {
    method: 'POST',
    operationId: 'checkNodeReady',
    path: '/checkNodeReady',
    action: 'flash:probe-device',
    tags: ['flashing'],
    summary: "Whether a device's node accepts connections: value1 '0' when ready",
    description: 'The body is the IP address of a device you may flash (a JSON string, or {ip}). 403: not your device. 404: no such device.',
    body: checkNodeReadyRequestSchema,
    replies: { 200: checkNodeReadyReplySchema, ...itemRefusals },
  },

  restoreAccount: {
    method: 'POST',
    operationId: 'restoreAccount',
    path: '/restoreUserAccountForFlashedDevice',
    action: 'flash:device',
    tags: ['flashing'],
    summary: 'Put your account, with exactly your current SSH keys, on a device you may flash',
    description: 'The body is the MAC address (a JSON string, or {device}). value0 false and value1 the reason when the node refused.',
    body: restoreAccountRequestSchema,
    replies: { 200: restoreAccountReplySchema, ...itemRefusals },
  },

  jobs: {
    method: 'GET',
    operationId: 'listFlashJobs',
    path: '/flashJobs',
    action: 'flash:own-jobs',
    tags: ['flashing'],
    summary: 'Your running flash jobs and those of the last day, newest first',
    replies: { 200: flashJobListSchema, 401: errorReplySchema },
  },

  flashBatch: {
    method: 'POST',
    operationId: 'flashNodesBatch',
    path: '/flashJobs/batch',
    action: 'flash:device',
    tags: ['flashing'],
    summary: 'Flash several devices with one image: each device its own job',
    description: 'The same rules as flashNodes for each device; a device refused (not yours, down, other image, already ' +
        'flashing) does not stop the others: each gets started with its handle, or its reason.',
    body: flashBatchRequestSchema,
    replies: { 200: flashBatchReplySchema, 400: errorReplySchema, 401: errorReplySchema },
  },

  history: {
    method: 'GET',
    operationId: 'listFlashHistory',
    path: '/flashJobs/history',
    action: 'flash:own-jobs',
    tags: ['flashing'],
    summary: 'Your flash history: your jobs, newest first, a page at a time',
    query: flashHistoryQuerySchema,
    replies: { 200: flashHistorySchema, 400: errorReplySchema, 401: errorReplySchema },
  },

  job: {
    method: 'GET',
    operationId: 'getFlashJob',
    path: '/flashJobs/:handle',
    action: 'flash:job',
    tags: ['flashing'],
    summary: 'A flash job with its kept log (stages with times, status lines, errors)',
    description: 'Yours, or any for an administrator. 404: unknown handle, or a job of someone else.',
    params: flashJobParamsSchema,
    replies: { 200: flashJobDetailSchema, ...itemRefusals },
  },

  streamTicket: {
    method: 'POST',
    operationId: 'createFlashStreamTicket',
    path: '/flashJobs/:handle/streamTicket',
    action: 'flash:job',
    tags: ['flashing'],
    summary: "A single-use ticket, valid 60 s, that opens the job's progress stream",
    description: 'EventSource cannot send the bearer header: the stream takes this ticket in its query instead. 404 as for the job.',
    params: flashJobParamsSchema,
    replies: { 200: flashStreamTicketSchema, ...itemRefusals },
  },

  events: {
    method: 'GET',
    operationId: 'streamFlashJobEvents',
    path: '/flashJobs/:handle/events',
    action: 'flash:follow-stream',
    tags: ['flashing'],
    summary: 'Progress of a flash job as Server-Sent Events',
    description: "Authenticated by a ticket from POST /flashJobs/{handle}/streamTicket. Events: 'job' (the job as it " +
        "stands), then 'log' per log entry as it is written (id = the entry's id; a 'stage' entry is a stage " +
        "change), and 'end' when the job is done or failed. `after` (or Last-Event-ID) skips the entries already seen. " +
        '401: invalid, used or expired ticket. 429: the user has as many streams open as they may at once ' +
        '(FLASH_STREAMS_PER_USER, over all instances); the ticket is used up.',
    params: flashJobParamsSchema,
    query: flashEventsQuerySchema,
    replies: { 200: z.string().check(z.describe('text/event-stream')), 400: errorReplySchema, 401: errorReplySchema, 429: errorReplySchema },
  },
});
