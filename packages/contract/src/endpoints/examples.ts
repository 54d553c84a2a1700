// Examples of the calls a script makes to book and flash a device, as JSON on the wire: the OpenAPI document
// shows them beside the endpoint's schemas (packages/server/src/openapi/document.ts). Each is typed by its
// endpoint's schemas here, and parsed by them in packages/server/test/api-document/document.test.ts. A module of
// its own, read by the server only, so that no page of the web app carries them.
import type * as z from 'zod/mini';
import { SIGNED_IN_ACTION_NAMES, type SignedInAction } from '../actions.js';
import { commonMessages } from '../common-messages.js';
import type { BodyInput, Endpoint, EndpointDefinition } from '../endpoint.js';
import { apiTokensEndpoints } from './api-tokens.js';
import { authEndpoints } from './auth.js';
import { catalogueEndpoints } from './catalogue.js';
import { flashingEndpoints } from './flashing.js';
import { reservationsEndpoints } from './reservations.js';

export interface EndpointExamples {
  readonly body?: unknown;
  readonly replies?: { readonly [status: number]: unknown };
}

type ExamplesOf<E extends EndpointDefinition> = {
  readonly body?: BodyInput<E>;
  readonly replies?: { readonly [S in keyof E['replies']]?: z.input<E['replies'][S]> };
};

function examplesOf<E extends Endpoint>(endpoint: E, examples: ExamplesOf<E>): [string, EndpointExamples] {
  return [endpoint.id, examples];
}

const person = { userId: 7, firstname: 'Ada', lastName: 'Lovelace' };
const device = { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11', deviceType: 'raspberry-pi-4' };
const reservation = {
  reservationId: 42,
  responsibleUser: person,
  users: [],
  submissionDate: '2026-12-01T08:55:12.000Z',
  startDate: '2026-12-01T09:00:00.000Z',
  endDate: '2026-12-01T10:00:00.000Z',
  description: 'radio experiment',
  reservationType: 'Exclusive',
  deviceReservations: [{ device }],
};

/** What a member who is not an administrator may do beyond their own account and reservations. */
const MEMBER_ABILITIES: ReadonlySet<SignedInAction> = new Set<SignedInAction>([
  'session:read', 'portal:use', 'user:search', 'employers:read', 'devices:read', 'reservation:search',
  'flash:own-jobs', 'images:list', 'image:upload', 'maintenance:read', 'catalogue:read',
]);
const memberAbilities = Object.fromEntries(SIGNED_IN_ACTION_NAMES.map((action) => [action, MEMBER_ABILITIES.has(action)])) as Record<SignedInAction, boolean>;

/** By endpoint id. */
export const endpointExamples: ReadonlyMap<string, EndpointExamples> = new Map([
  examplesOf(authEndpoints.signIn, {
    body: { username: 'ada', password: 'correct horse battery staple' },
    replies: {
      200: {
        accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl',
        tokenType: 'Bearer',
        expiresAt: 1796115600,
        userId: 7,
        username: 'ada',
        authorities: [{ authority: 'USER' }],
        hasSshKey: true,
        timeZone: 'Europe/Paris',
        redirectURL: '/',
        abilities: memberAbilities,
      },
      401: { message: commonMessages.BAD_LOGIN },
    },
  }),
  examplesOf(authEndpoints.me, {
    replies: {
      200: { userId: 7, username: 'ada', authorities: [{ authority: 'USER' }], hasSshKey: true, timeZone: 'Europe/Paris', redirectURL: '/', abilities: memberAbilities },
    },
  }),
  examplesOf(apiTokensEndpoints.create, {
    body: { name: 'notebook', scope: 'read+book+flash', expiresInDays: 90 },
  }),
  examplesOf(catalogueEndpoints.catalogue, {
    replies: {
      200: {
        devices: [{ ...device, state: 'up', stateReason: null, properties: { model: 'Raspberry Pi 4 Model B', memory: '4 GB', radios: ['wifi', 'ble'] } }],
        facets: [{ key: 'radios', values: ['ble', 'wifi'] }],
        fleet: { up: 20, booked: 3, flashing: 1, down: 0, quarantined: 0, maintenance: 0 },
      },
    },
  }),
  examplesOf(reservationsEndpoints.nodesToReserve, {
    replies: { 200: { 'raspberry-pi-4': { '02:00:00:01:00:01': { ip: '10.0.1.11', up: true }, '02:00:00:01:00:02': { ip: '10.0.1.12', up: false } } } },
  }),
  examplesOf(reservationsEndpoints.freeSlots, {
    replies: {
      200: { slots: [{ start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z', devices: [device] }] },
      400: { message: 'deviceType: Unknown device type lora-node.', fieldErrors: { deviceType: ['Unknown device type lora-node.'] } },
    },
  }),
  examplesOf(reservationsEndpoints.book, {
    body: {
      nodesBookingForm: {
        userId: 7,
        startDate: { year: 2026, month: 12, day: 1 },
        startHour: '9:00',
        durationHour: 1,
        durationMinute: 0,
        endDate: { year: 2026, month: 12, day: 1 },
        endHour: '10:00',
        reservationType: 'Exclusive',
        reservationDescription: 'radio experiment',
        selectedDevices: [{ macAddress: device.macAddress, ipAddress: device.ipAddress }],
        timeZone: 'UTC',
        startNow: true,
      },
      selectedUsers: [],
    },
    replies: {
      200: { value0: true, value1: 42, startDate: reservation.startDate, endDate: reservation.endDate },
      409: { value0: false, value1: ['02:00:00:01:00:01 is booked from 2026-12-01 08:30 to 2026-12-01 09:30 (UTC).'] },
    },
  }),
  examplesOf(reservationsEndpoints.current, { replies: { 200: [reservation] } }),
  examplesOf(reservationsEndpoints.changeEnd, {
    body: { endDate: '2026-12-01T11:00:00.000Z' },
    replies: { 200: { ...reservation, endDate: '2026-12-01T11:00:00.000Z' } },
  }),
  examplesOf(reservationsEndpoints.delete, { replies: { 200: { value0: true, value1: ['Reservation 42 deleted.'] } } }),
  examplesOf(reservationsEndpoints.release, { replies: { 200: { ...reservation, endDate: '2026-12-01T09:41:07.000Z' } } }),
  examplesOf(flashingEndpoints.nodes, {
    replies: {
      200: {
        'raspberry-pi-4': {
          '02:00:00:01:00:01': {
            ip: '10.0.1.11',
            up: true,
            images: ['raspios-bookworm-lite', 'ubuntu-24.04-server'],
            isFlashableByCurrentUser: true,
            hasDeviceFlashableByCurrentUser: true,
          },
        },
      },
    },
  }),
  examplesOf(flashingEndpoints.flash, {
    body: { deviceType: device.deviceType, device: device.macAddress, image: 'raspios-bookworm-lite' },
    replies: { 200: { value0: true, value1: 1796115661, value2: '5b0e6f9e-3a51-4c0b-9a8e-0d7c2f4e6a11' } },
  }),
  examplesOf(flashingEndpoints.checkFlashing, {
    body: { handle: '5b0e6f9e-3a51-4c0b-9a8e-0d7c2f4e6a11' },
    replies: { 200: { value0: true, value1: '2026-12-01 09:01:31 : writing the image (64%)', state: 'flashing', error: null } },
  }),
  examplesOf(flashingEndpoints.jobs, {
    replies: {
      200: [
        {
          handle: '5b0e6f9e-3a51-4c0b-9a8e-0d7c2f4e6a11',
          deviceType: device.deviceType,
          device: device.macAddress,
          ip: device.ipAddress,
          image: 'raspios-bookworm-lite',
          state: 'done',
          statusLine: '2026-12-01 09:02:10 : account restored',
          error: null,
          startedAt: '2026-12-01T09:01:01.000Z',
          finishedAt: '2026-12-01T09:02:10.000Z',
          sshCommand: 'ssh ada@10.0.1.11',
        },
      ],
    },
  }),
  examplesOf(flashingEndpoints.checkNodeReady, {
    body: { ip: device.ipAddress },
    replies: { 200: { value0: true, value1: '0' } },
  }),
]);
