// The authorization matrix: every endpoint, called by anonymous, the user who owns
// the data, another user, an administrator and a not-yet-approved account, with the status each must get.
// One row per endpoint of the contract's table, keyed by its id (a missing row does not compile); `prepare` makes fresh data for each call so
// that every cell is independent of the others (a deletion by one caller leaves the next one its own).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, userDetailsSchema, type Endpoint } from '@testbed/contract';
import { allEndpoints, type EndpointId } from '@testbed/contract/endpoints/all';
import { addSshKey, at, bookingBody, syncBuiltInTestbed } from './booking.js';
import { buildTestApp, createUser, loginAs, signIn, TEST_PASSWORD, type TestContext } from './helper.js';
import { makeTestKey } from '../src/modules/credentials/ssh-test-keys.js';
import { insertReservation as insertReservationRow } from '../src/modules/reservations/repo.js';

type CallerName = 'anonymous' | 'user' | 'other' | 'admin' | 'pending';
const CALLERS: CallerName[] = ['anonymous', 'user', 'other', 'admin', 'pending'];
type Expected = Record<CallerName, number>;

/** The usual shapes of a rule. */
const PUBLIC = (status: number): Expected => ({ anonymous: status, user: status, other: status, admin: status, pending: status });
const SIGNED_IN: Expected = { anonymous: 401, user: 200, other: 200, admin: 200, pending: 401 };
const OWNER_OR_ADMIN: Expected = { anonymous: 401, user: 200, other: 403, admin: 200, pending: 401 };
const ADMIN_ONLY: Expected = { anonymous: 401, user: 403, other: 403, admin: 200, pending: 401 };

interface Fixture {
  [key: string]: number | string;
}

/** How to call one endpoint of the table and what each caller gets. */
interface Row {
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  prepare?: () => Promise<Fixture>;
  expected: Expected;
}

let ctx: TestContext;
type Caller = Awaited<ReturnType<typeof loginAs>>;
let user: Caller;
let other: Caller;
let admin: Caller;
let pendingToken: string;
let base: { credentialId: number; employerId: number; userEmployerId: number; intendedUsageId: number };
let day = 2;

const unique = () => randomBytes(4).toString('hex');

async function insertCredential(userId: number) {
  const key = makeTestKey('ed25519', `k${unique()}@lab`);
  const row = await ctx.database.db
    .insertInto('credentials')
    .values({ user_id: userId, ssh_key: key.publicLine, key_type: 'ssh-ed25519', fingerprint: `SHA256:${unique()}${unique()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertApiToken(userId: number) {
  const row = await ctx.database.db
    .insertInto('api_tokens')
    .values({ user_id: userId, name: 'matrix', token_hash: randomBytes(32), scope: 'read', expires_at: new Date(Date.now() + 86_400_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertEmployer() {
  const row = await ctx.database.db
    .insertInto('employers')
    .values({ institute_name: `Institute ${unique()}`, country_name: 'France' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertEmployment(current: boolean) {
  const row = await ctx.database.db
    .insertInto('user_employers')
    .values({ user_id: user.id, employer_id: await insertEmployer(), is_current: current, start_date: '2020-01-01T00:00:00Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertIntendedUsage() {
  const row = await ctx.database.db
    .insertInto('intended_usages')
    .values({ user_id: user.id, description: 'Routing experiments' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertRole() {
  const row = await ctx.database.db.insertInto('roles').values({ name: `MATRIX_${unique().toUpperCase()}` }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertGroupType() {
  const row = await ctx.database.db.insertInto('group_types').values({ label: `Type ${unique()}` }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A group that the user manages (a group's managers may read it). */
async function insertManagedGroup() {
  const row = await ctx.database.db.insertInto('groups').values({ name: `Group ${unique()}` }).returning('id').executeTakeFirstOrThrow();
  await ctx.database.db.insertInto('group_managers').values({ group_id: row.id, user_id: user.id }).execute();
  return row.id;
}

/** A fresh account for the calls that would end the sessions of the callers' own accounts. */
async function freshAccount() {
  return (await createUser(ctx)).id;
}

/** A booking of one device for the user, in a window no other booking of the test uses. */
function booking() {
  day += 1;
  return bookingBody({ userId: user.id, macs: ['02:00:00:01:00:01'], start: at(day), end: at(day, 1) });
}

async function insertReservation() {
  const reply = await admin.inject({ method: 'POST', url: '/api/reserveNodes', payload: booking() });
  if (reply.statusCode !== 200) throw new Error(`booking failed: ${reply.body}`);
  return Number(reply.json().value1);
}

/** An experiment's description on one device (one no row quarantines), in a window no other booking of the test uses. */
function experimentDescription() {
  day += 1;
  return {
    name: `Matrix ${unique()}`,
    durationMinutes: 30,
    start: at(day).toISOString(),
    groups: [{ type: 'raspberry-pi-4', devices: ['02:00:00:01:00:08'], image: 'raspios-bookworm-lite' }],
  };
}

/** An experiment of the user (the runner does not run in this file: it stays as submitted). */
async function experimentOfUser(): Promise<Fixture> {
  const reply = await user.inject({ method: 'POST', url: '/api/experiments', payload: experimentDescription() });
  if (reply.statusCode !== 201) throw new Error(`submission failed: ${reply.body}`);
  return { id: reply.json().id, reservationId: reply.json().reservationId };
}

/** An experiment of the user that is over, with a ticket of its stream the user asked for: the stream sends it and ends. */
async function experimentStreamTicketOfUser(): Promise<Fixture> {
  const { id } = await experimentOfUser();
  await ctx.database.db.updateTable('experiments').set({ state: 'done' }).where('id', '=', Number(id)).execute();
  const reply = await user.inject({ method: 'POST', url: `/api/experiments/${id}/streamTicket` });
  return { id: id!, ticket: reply.json().ticket as string };
}

/** A notification of the user. */
async function notificationOfUser(): Promise<Fixture> {
  const row = await ctx.database.db
    .insertInto('notifications')
    .values({ user_id: user.id, kind: 'experiment-ready', title: 'Experiment ready', text: 'Ready.', link: '/experiments/1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** An experiment of the user whose booking is gone, so that running it again finds its window free. */
async function experimentToRunAgain(): Promise<Fixture> {
  const fixture = await experimentOfUser();
  await ctx.database.db.deleteFrom('reservations').where('id', '=', Number(fixture.reservationId)).execute();
  return fixture;
}

/** A Shared reservation of the user that runs now (Shared ones may overlap, so each cell gets its own). */
async function insertRunningSharedReservation() {
  const db = ctx.database.db;
  const device = await db.selectFrom('devices').select('id').where('mac_address', '=', '02:00:00:01:00:01').executeTakeFirstOrThrow();
  const type = await db.selectFrom('reservation_types').select(['id']).where('label', '=', 'Shared').executeTakeFirstOrThrow();
  return insertReservationRow(db, {
    responsibleUserId: user.id,
    reservationTypeId: type.id,
    exclusive: false,
    start: new Date(Date.now() - 600_000),
    end: new Date(Date.now() + 3_600_000),
    description: 'release',
    userIds: [],
    deviceIds: [device.id],
  });
}

/** Devices of the built-in testbed that are up and used by no other row: one per flash cell. */
const flashPool = [
  ...[1, 2, 3, 4, 5, 7, 8].map((n) => `02:00:00:02:00:0${n}`),
  ...[1, 2, 3, 4, 5, 7].map((n) => `02:00:00:03:00:0${n}`),
  ...[2, 3, 4, 5, 7, 8].map((n) => `02:00:00:01:00:0${n}`),
];

/** A device of an Exclusive reservation of the user that runs now: the user may flash it. */
/** An image of the user's (private unless said otherwise), with its content's file in the storage folder. */
async function imageOfUser(visibility: 'private' | 'public' = 'private'): Promise<Fixture> {
  const content = randomBytes(600);
  const sha256 = createHash('sha256').update(content).digest('hex');
  await mkdir(join(ctx.config.DATA_DIR, 'images', 'blobs'), { recursive: true });
  await writeFile(join(ctx.config.DATA_DIR, 'images', 'blobs', sha256), content);
  const db = ctx.database.db;
  await db.insertInto('image_blobs').values({ sha256, size_bytes: content.length, format: 'bin' }).execute();
  const row = await db
    .insertInto('user_images')
    .values({ owner_id: user.id, sha256, name: `fw-${unique()}`, version: '1', device_types: ['nrf52840-dk'], visibility })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

async function deviceOfRunningReservation(): Promise<Fixture> {
  const mac = flashPool.shift();
  if (!mac) throw new Error('no device left for the flash rows');
  const db = ctx.database.db;
  const device = await db
    .selectFrom('devices')
    .innerJoin('device_types', 'device_types.id', 'devices.device_type_id')
    .innerJoin('images', 'images.device_type_id', 'devices.device_type_id')
    .select(['devices.id', 'devices.ip_address', 'device_types.name as deviceType', 'images.name as image'])
    .where('devices.mac_address', '=', mac)
    .orderBy('images.id')
    .executeTakeFirstOrThrow();
  const type = await db.selectFrom('reservation_types').select(['id']).where('label', '=', 'Exclusive').executeTakeFirstOrThrow();
  await insertReservationRow(db, {
    responsibleUserId: user.id,
    reservationTypeId: type.id,
    exclusive: true,
    start: new Date(Date.now() - 600_000),
    end: new Date(Date.now() + 3_600_000),
    description: 'flash',
    userIds: [],
    deviceIds: [device.id],
  });
  return { mac, ip: String(device.ip_address), deviceType: device.deviceType, image: device.image };
}

/** A finished flash job of the user: its handle is theirs (and an administrator's) to read. */
async function flashJobOfUser(): Promise<Fixture> {
  const handle = randomUUID();
  const device = await ctx.database.db.selectFrom('devices').select('id').where('mac_address', '=', '02:00:00:02:00:01').executeTakeFirstOrThrow();
  await ctx.database.db
    .insertInto('flash_jobs')
    .values({ handle, user_id: user.id, device_id: device.id, image_name: 'openwrt-23.05', state: 'done', deadline_at: new Date(), finished_at: new Date() })
    .execute();
  return { handle };
}

/** A finished job of the user with a progress-stream ticket the user asked for. */
async function streamTicketOfUser(): Promise<Fixture> {
  const { handle } = await flashJobOfUser();
  const reply = await user.inject({ method: 'POST', url: `/api/flashJobs/${handle}/streamTicket` });
  return { handle: String(handle), ticket: reply.json().ticket as string };
}

/** A device of the testbed that an administrator quarantined. */
async function quarantinedDevice(): Promise<Fixture> {
  const mac = healthPool.shift();
  if (!mac) throw new Error('no device left for the device health rows');
  await ctx.database.db
    .updateTable('devices')
    .set({ quarantined_at: new Date(), quarantine_reason: 'matrix' })
    .where('mac_address', '=', mac)
    .execute();
  return { mac };
}
const healthPool = [1, 2, 3, 4, 5, 6].map((n) => `02:00:00:03:00:0${n}`).concat(['02:00:00:02:00:06', '02:00:00:01:00:06']);

// One row per endpoint of the table, by its id: an endpoint without a row does not compile.
const rows = {
  // auth
  'auth.signIn': {
    url: () => '/api/auth/signin',
    body: () => ({ username: `nobody_${unique()}`, password: 'Wrong#Pass1' }),
    expected: PUBLIC(401),
  },
  'auth.me': { url: () => '/api/auth/me', expected: SIGNED_IN },
  'health.live': { url: () => '/api/health/live', expected: { ...PUBLIC(200), pending: 401 } },
  // The test app starts neither the mail sender nor the flash runner: not ready, and saying so to anyone.
  'health.ready': { url: () => '/api/health/ready', expected: { ...PUBLIC(503), pending: 401 } },
  // registration: open calls; a revoked session's bearer is refused before any route, as everywhere
  'registration.captchaConfig': { url: () => '/api/auth/captcha', expected: { ...PUBLIC(200), pending: 401 } },
  'registration.captchaChallenge': { url: () => '/api/auth/captcha/challenge', expected: { ...PUBLIC(200), pending: 401 } },
  'registration.choices': { url: () => '/api/auth/signupChoices', expected: { ...PUBLIC(200), pending: 401 } },
  'registration.usernameAvailability': {
    url: () => '/api/auth/checkIfUsernameAvailable?username=free_name',
    expected: { ...PUBLIC(200), pending: 401 },
  },
  'registration.emailAvailability': {
    url: () => '/api/auth/checkIfEmailAvailable?email=free%40example.org',
    expected: { ...PUBLIC(200), pending: 401 },
  },
  'registration.signUp': { url: () => '/api/auth/signup', body: () => ({}), expected: { ...PUBLIC(400), pending: 401 } },
  'registration.confirmEmail': {
    url: () => '/api/auth/sendEmailAdminConfirmationAccount',
    body: () => ({ token: `unknown-${unique()}` }),
    expected: { ...PUBLIC(404), pending: 401 },
  },
  'registration.accountRequest': {
    url: () => '/api/auth/accountRequest',
    body: () => ({ token: `unknown-${unique()}` }),
    expected: { ...ADMIN_ONLY, admin: 404 },
  },
  'registration.confirmUserAccount': {
    url: () => '/api/auth/confirmUserAccount',
    body: () => ({ token: `unknown-${unique()}` }),
    expected: { ...ADMIN_ONLY, admin: 404 },
  },
  'registration.refuseUserAccount': {
    url: () => '/api/auth/refuseUserAccount',
    body: () => ({ token: `unknown-${unique()}`, reason: 'Unknown laboratory.' }),
    expected: { ...ADMIN_ONLY, admin: 404 },
  },
  // users
  'user-directory.search': { url: () => '/api/validUsers?name=a', expected: SIGNED_IN },
  // The list's two spellings (docs/api.md), the second with its search.
  'users.list': [
    { url: () => '/api/users', expected: ADMIN_ONLY },
    { url: () => '/api/users/?name=ada', expected: ADMIN_ONLY },
    { url: () => '/api/users/?name=a', expected: ADMIN_ONLY },
  ],
  'users.details': { url: () => `/api/user/${user.id}`, expected: OWNER_OR_ADMIN },
  'users.update': {
    url: () => `/api/user/${user.id}`,
    body: () => ({ firstname: 'Ada', lastname: 'Owner', phoneNumber: '0102030405' }),
    expected: OWNER_OR_ADMIN,
  },
  'users.create': {
    url: () => '/api/user',
    body: () => {
      const name = `made_${unique()}`;
      return { firstname: 'New', lastname: 'User', username: name, email: `${name}@example.org`, password: TEST_PASSWORD };
    },
    expected: ADMIN_ONLY,
  },
  // credentials
  'credentials.list': { url: () => '/api/credentials', expected: ADMIN_ONLY },
  'credentials.listOfUser': { url: () => `/api/credentials/user/${user.id}`, expected: OWNER_OR_ADMIN },
  'credentials.get': { url: () => `/api/credential/${base.credentialId}`, expected: OWNER_OR_ADMIN },
  'credentials.delete': {
    prepare: async () => ({ id: await insertCredential(user.id) }),
    url: (f) => `/api/credential/${f.id}`,
    expected: OWNER_OR_ADMIN,
  },
  'credentials.addToUser': {
    url: () => `/api/credential/addToUser/${user.id}`,
    body: () => ({ sshKey: makeTestKey('ed25519', `k${unique()}@lab`).publicLine }),
    expected: OWNER_OR_ADMIN,
  },
  // personal API tokens: a user creates tokens for themself only, an administrator reads and revokes any
  'api-tokens.list': { url: () => '/api/apiTokens', expected: ADMIN_ONLY },
  'api-tokens.listOfUser': { url: () => `/api/apiTokens/user/${user.id}`, expected: OWNER_OR_ADMIN },
  'api-tokens.create': {
    url: () => `/api/apiTokens/user/${user.id}`,
    body: () => ({ name: `script ${unique()}`, scope: 'read', expiresInDays: 30 }),
    expected: { ...OWNER_OR_ADMIN, admin: 403 },
  },
  'api-tokens.revoke': {
    prepare: async () => ({ id: await insertApiToken(user.id) }),
    url: (f) => `/api/apiToken/${f.id}`,
    expected: OWNER_OR_ADMIN,
  },
  // reservations
  'reservations.nodesToReserve': { url: () => '/api/getNodesToReserve', expected: SIGNED_IN },
  'reservations.reservationTypes': { url: () => '/api/reservationTypes', expected: SIGNED_IN },
  'reservations.book': { url: () => '/api/reserveNodes', body: booking, expected: OWNER_OR_ADMIN },
  'reservations.mine': { url: () => `/api/userReservations/${user.id}`, expected: OWNER_OR_ADMIN },
  'reservations.others': { url: () => `/api/otherReservations/${user.id}`, expected: OWNER_OR_ADMIN },
  'reservations.current': {
    url: () => `/api/currentUserReservations/${user.id}`,
    expected: OWNER_OR_ADMIN,
  },
  'reservations.delete': {
    prepare: async () => ({ id: await insertReservation() }),
    url: (f) => `/api/deleteReservation/${f.id}`,
    expected: OWNER_OR_ADMIN,
  },
  'reservations.freeSlots': { url: () => '/api/freeSlots?deviceType=openwrt-router&count=1&durationMinutes=30', expected: SIGNED_IN },
  'reservations.changeEnd': {
    prepare: async () => ({ id: await insertReservation() }),
    url: (f) => `/api/reservations/${f.id}/end`,
    body: () => ({ endDate: at(day, 2).toISOString() }),
    expected: OWNER_OR_ADMIN,
  },
  'reservations.release': {
    prepare: async () => ({ id: await insertRunningSharedReservation() }),
    url: (f) => `/api/reservations/${f.id}/release`,
    expected: OWNER_OR_ADMIN,
  },
  'usage-policies.list': { url: () => '/api/usagePolicies', expected: ADMIN_ONLY },
  'usage-policies.save': {
    url: () => '/api/usagePolicies',
    body: () => ({ deviceType: 'openwrt-router', groupId: null, maxDurationMinutes: null, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: null }),
    expected: ADMIN_ONLY,
  },
  'usage-policies.mine': { url: () => `/api/usagePolicies/mine?userId=${user.id}`, expected: OWNER_OR_ADMIN },
  'calendar.event': {
    prepare: async () => ({ id: await insertReservation() }),
    url: (f) => `/api/reservations/${f.id}/ics`,
    expected: OWNER_OR_ADMIN,
  },
  // roles, groups and group types (administrators; a group's managers may read it)
  'roles.list': { url: () => '/api/roles', expected: ADMIN_ONLY },
  'roles.get': { prepare: async () => ({ id: await insertRole() }), url: (f) => `/api/role/${f.id}`, expected: ADMIN_ONLY },
  'roles.create': { url: () => '/api/role', body: () => ({ roleName: `NEW_${unique().toUpperCase()}` }), expected: ADMIN_ONLY },
  'roles.rename': {
    prepare: async () => ({ id: await insertRole() }),
    url: (f) => `/api/role/${f.id}`,
    body: () => ({ roleName: `RENAMED_${unique().toUpperCase()}` }),
    expected: ADMIN_ONLY,
  },
  'roles.delete': { prepare: async () => ({ id: await insertRole() }), url: (f) => `/api/role/${f.id}`, expected: ADMIN_ONLY },
  'groups.listGroupTypes': { url: () => '/api/groupTypes', expected: ADMIN_ONLY },
  'groups.getGroupType': { prepare: async () => ({ id: await insertGroupType() }), url: (f) => `/api/groupType/${f.id}`, expected: ADMIN_ONLY },
  'groups.groupsOfType': {
    prepare: async () => ({ id: await insertGroupType() }),
    url: (f) => `/api/groupType/${f.id}/groups`,
    expected: ADMIN_ONLY,
  },
  'groups.createGroupType': { url: () => '/api/groupType', body: () => ({ label: `Type ${unique()}` }), expected: ADMIN_ONLY },
  'groups.updateGroupType': {
    prepare: async () => ({ id: await insertGroupType() }),
    url: (f) => `/api/groupType/${f.id}`,
    body: () => ({ label: `Type ${unique()}` }),
    expected: ADMIN_ONLY,
  },
  'groups.deleteGroupType': { prepare: async () => ({ id: await insertGroupType() }), url: (f) => `/api/groupType/${f.id}`, expected: ADMIN_ONLY },
  'groups.listGroups': { url: () => '/api/groups', expected: ADMIN_ONLY },
  'groups.getGroup': { prepare: async () => ({ id: await insertManagedGroup() }), url: (f) => `/api/group/${f.id}`, expected: OWNER_OR_ADMIN },
  'groups.createGroup': { url: () => '/api/group', body: () => ({ name: `Group ${unique()}`, groupType: null }), expected: ADMIN_ONLY },
  'groups.createGroups': { url: () => '/api/groups', body: () => [{ name: `Group ${unique()}`, groupType: null }], expected: ADMIN_ONLY },
  'groups.updateGroup': {
    prepare: async () => ({ id: await insertManagedGroup() }),
    url: (f) => `/api/group/${f.id}`,
    body: () => ({ name: `Group ${unique()}`, groupType: null }),
    expected: ADMIN_ONLY,
  },
  'groups.deleteGroup': { prepare: async () => ({ id: await insertManagedGroup() }), url: (f) => `/api/group/${f.id}`, expected: ADMIN_ONLY },
  'groups.addUser': {
    prepare: async () => ({ id: await insertManagedGroup() }),
    url: (f) => `/api/group/${f.id}/userToAdd/${other.id}`,
    expected: ADMIN_ONLY,
  },
  'groups.removeUser': {
    prepare: async () => ({ id: await insertManagedGroup() }),
    url: (f) => `/api/group/${f.id}/userToRemove/${user.id}?as=manager`,
    expected: ADMIN_ONLY,
  },
  // reference lists offered by the sign-up form
  'reference-lists.employerTypes': { url: () => '/api/employerTypes', expected: { ...PUBLIC(200), pending: 401 } },
  'reference-lists.professionalStatuses': { url: () => '/api/professionalStatusList', expected: { ...PUBLIC(200), pending: 401 } },
  // account security: a user acts on their own account only; the calls that would end a caller's sessions act on a fresh account
  'account-security.summary': { url: () => `/api/accountSummary/${user.id}`, expected: OWNER_OR_ADMIN },
  'account-security.changePassword': {
    prepare: async () => ({ id: await freshAccount() }),
    url: () => '/api/changePassword',
    body: (f) => ({ userId: f.id, currentPassword: TEST_PASSWORD, newPassword: 'N3w!Passw0rd-matrix' }),
    expected: { anonymous: 401, user: 403, other: 403, admin: 200, pending: 401 },
  },
  'account-security.changePasswordByAdmin': {
    prepare: async () => ({ id: await freshAccount() }),
    url: () => '/api/changePasswordByAdmin',
    body: (f) => ({ userId: f.id, newPassword: 'N3w!Passw0rd-matrix' }),
    expected: ADMIN_ONLY,
  },
  'account-security.changeEmail': {
    url: () => '/api/changeEmail',
    body: () => ({ userId: user.id, newEmail: `new-${unique()}@example.org` }),
    expected: OWNER_OR_ADMIN,
  },
  'account-security.changeEmailByAdmin': {
    prepare: async () => ({ id: await freshAccount() }),
    url: () => '/api/changeEmailByAdmin',
    body: (f) => ({ userId: f.id, newEmail: `new-${unique()}@example.org` }),
    expected: ADMIN_ONLY,
  },
  'account-security.deleteOwnAccount': {
    prepare: async () => ({ id: await freshAccount() }),
    url: (f) => `/api/deleteUserPartiallyByUser/${f.id}`,
    body: () => ({ password: TEST_PASSWORD }),
    expected: { anonymous: 401, user: 403, other: 403, admin: 200, pending: 401 },
  },
  'account-security.deletePartiallyByAdmin': {
    prepare: async () => ({ id: await freshAccount() }),
    url: (f) => `/api/deleteUserPartiallyByAdmin/${f.id}`,
    expected: ADMIN_ONLY,
  },
  // mail-link calls: the token in the body is the key (an unknown one is refused alike for everybody)
  'account-security.requestPasswordReset': { url: () => `/api/auth/checkEmailResetPassword?email=nobody-${unique()}@example.org`, expected: { ...PUBLIC(200), pending: 401 } },
  'account-security.checkResetToken': { url: () => '/api/auth/checkTokenExits', body: () => ({ token: unique() }), expected: { ...PUBLIC(200), pending: 401 } },
  'account-security.resetPassword': {
    url: () => '/api/auth/changePasswordForgottingPassword',
    body: () => ({ token: unique(), newPassword: 'N3w!Passw0rd-matrix' }),
    expected: { ...PUBLIC(400), pending: 401 },
  },
  'account-security.confirmChangeEmail': { url: () => '/api/confirmTokenChangeEmail', body: () => ({ token: unique() }), expected: { ...PUBLIC(400), pending: 401 } },
  // the booking timeline
  'reservations.timeline': {
    url: () => `/api/reservationTimeline/${user.id}?deviceType=raspberry-pi-4&from=${at(1).toISOString()}&to=${at(3).toISOString()}`,
    expected: OWNER_OR_ADMIN,
  },
  // catalogue and maintenance
  'catalogue.catalogue': { url: () => '/api/deviceCatalogue?property=site:lab-a', expected: SIGNED_IN },
  'maintenance.list': { url: () => '/api/maintenanceWindows', expected: SIGNED_IN },
  'maintenance.preview': {
    url: () => '/api/maintenanceWindows/preview',
    body: () => ({ reason: 'matrix', start: at(300).toISOString(), end: at(300, 1).toISOString(), devices: ['02:00:00:03:00:07'] }),
    expected: ADMIN_ONLY,
  },
  'maintenance.create': {
    url: () => '/api/maintenanceWindows',
    body: () => ({ reason: 'matrix', start: at(300).toISOString(), end: at(300, 1).toISOString(), devices: ['02:00:00:03:00:07'] }),
    expected: ADMIN_ONLY,
  },
  'maintenance.remove': {
    prepare: async () => {
      const row = await ctx.database.db
        .insertInto('maintenance_windows')
        .values({ reason: 'matrix', start_date: at(301), end_date: at(301, 1) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
    url: (f) => `/api/maintenanceWindows/${f.id}`,
    expected: ADMIN_ONLY,
  },
  // insight: audit, statistics, reminders, calendar feeds
  'audit.page': { url: () => `/api/auditLog?userId=${user.id}`, expected: ADMIN_ONLY },
  'audit.csv': { url: () => '/api/auditLog.csv?action=auth.', expected: ADMIN_ONLY },
  'audit.signInHistory': { url: () => '/api/signInHistory', expected: SIGNED_IN },
  'statistics.compute': {
    url: () => '/api/statistics?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z',
    expected: ADMIN_ONLY,
  },
  'home.adminSummary': { url: () => '/api/adminSummary', expected: ADMIN_ONLY },
  'home.failingMails': { url: () => '/api/failingMails', expected: ADMIN_ONLY },
  'home.retryMail': {
    prepare: async () => {
      const mail = await ctx.database.db
        .insertInto('mail_outbox')
        .values({ to_address: 'matrix@example.org', subject: 'matrix', text_body: 't', attempts: 1, last_error: 'refused' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: mail.id };
    },
    url: (f) => `/api/failingMails/${f.id}/retry`,
    expected: ADMIN_ONLY,
  },
  'statistics.csv': {
    url: () => '/api/statistics/signUpsByMonth.csv?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z',
    expected: ADMIN_ONLY,
  },
  'reminders.read': { url: () => '/api/reminderSettings', expected: SIGNED_IN },
  'reminders.save': {
    url: () => '/api/reminderSettings',
    body: () => ({ beforeStartMinutes: 30, beforeEndMinutes: null, timeZone: 'UTC' }),
    expected: SIGNED_IN,
  },
  'calendar.feedStatus': { url: () => '/api/calendarFeed', expected: SIGNED_IN },
  'calendar.regenerateFeed': { url: () => '/api/calendarFeed', expected: SIGNED_IN },
  'calendar.removeFeed': { url: () => '/api/calendarFeed', expected: SIGNED_IN },
  'calendar.feed': {
    // The secret is the key: whoever holds the URL reads the feed, signed in or not.
    prepare: async () => {
      const reply = await user.inject({ method: 'POST', url: '/api/calendarFeed' });
      return { path: new URL(reply.json().url).search };
    },
    url: (f) => `/api/calendar.ics${f.path}`,
    expected: { ...PUBLIC(200), pending: 401 },
  },
  // flashing
  'flashing.nodes': { url: () => '/api/getNodes', expected: SIGNED_IN },
  'flashing.jobs': { url: () => '/api/flashJobs', expected: SIGNED_IN },
  'flashing.flash': {
    prepare: deviceOfRunningReservation,
    url: () => '/api/flashNodes',
    body: (f) => ({ deviceType: f.deviceType, device: f.mac, image: f.image }),
    expected: OWNER_OR_ADMIN,
  },
  'flashing.checkFlashing': {
    prepare: flashJobOfUser,
    url: () => '/api/checkFlashing',
    body: (f) => ({ handle: f.handle }),
    // Another user's handle answers like an unknown one.
    expected: { ...OWNER_OR_ADMIN, other: 404 },
  },
  'flashing.checkNodeReady': {
    prepare: deviceOfRunningReservation,
    url: () => '/api/checkNodeReady',
    body: (f) => ({ ip: f.ip }),
    expected: OWNER_OR_ADMIN,
  },
  'flashing.restoreAccount': {
    prepare: deviceOfRunningReservation,
    url: () => '/api/restoreUserAccountForFlashedDevice',
    body: (f) => ({ device: f.mac }),
    expected: OWNER_OR_ADMIN,
  },
  'flashing.history': { url: () => '/api/flashJobs/history', expected: SIGNED_IN },
  'flashing.job': {
    prepare: flashJobOfUser,
    url: (f) => `/api/flashJobs/${f.handle}`,
    expected: { ...OWNER_OR_ADMIN, other: 404 },
  },
  'flashing.streamTicket': {
    prepare: flashJobOfUser,
    url: (f) => `/api/flashJobs/${f.handle}/streamTicket`,
    expected: { ...OWNER_OR_ADMIN, other: 404 },
  },
  'flashing.events': {
    prepare: streamTicketOfUser,
    url: (f) => `/api/flashJobs/${f.handle}/events?ticket=${f.ticket}`,
    // The ticket, asked for by the job's owner, is the stream's credential (EventSource sends no bearer); a
    // revoked session's bearer is refused before any route, as everywhere.
    expected: { ...PUBLIC(200), pending: 401 },
  },
  'flashing.flashBatch': {
    url: () => '/api/flashJobs/batch',
    // Each device's refusal is in the reply; the call itself is open to every signed-in user.
    body: () => ({ image: 'openwrt-23.05', devices: ['02:00:00:0a:0b:0c'] }),
    expected: SIGNED_IN,
  },
  // device health
  'device-health.list': { url: () => '/api/deviceHealth', expected: ADMIN_ONLY },
  'device-health.quarantine': {
    prepare: async () => ({ mac: '02:00:00:01:00:01' }),
    url: (f) => `/api/deviceHealth/${f.mac}/quarantine`,
    body: () => ({ note: 'Checking the power supply' }),
    expected: ADMIN_ONLY,
  },
  'device-health.release': {
    prepare: quarantinedDevice,
    url: (f) => `/api/deviceHealth/${f.mac}/release`,
    body: () => ({ note: 'Power supply replaced' }),
    expected: ADMIN_ONLY,
  },
  // employers
  'employers.list': { url: () => '/api/employers', expected: SIGNED_IN },
  'employers.get': { url: () => `/api/employer/${base.employerId}`, expected: SIGNED_IN },
  'employers.create': {
    url: () => '/api/employer',
    body: () => ({ instituteName: `Institute ${unique()}`, countryName: 'France' }),
    expected: ADMIN_ONLY,
  },
  'employers.update': {
    url: () => `/api/employer/${base.employerId}`,
    body: () => ({ instituteName: 'Renamed institute', countryName: 'France' }),
    expected: ADMIN_ONLY,
  },
  'employers.delete': {
    prepare: async () => ({ id: await insertEmployer() }),
    url: (f) => `/api/employer/${f.id}`,
    expected: ADMIN_ONLY,
  },
  'employers.createToUser': {
    url: () => `/api/employer/createToUser/${user.id}`,
    body: () => ({ employerId: base.employerId, startDate: '2021-01-01T00:00:00.000Z' }),
    expected: OWNER_OR_ADMIN,
  },
  'employers.updateToUser': {
    url: () => '/api/employer/updateToUser',
    body: () => ({ userEmployerId: base.userEmployerId, startDate: '2019-06-01T00:00:00.000Z', current: true }),
    expected: OWNER_OR_ADMIN,
  },
  'employers.deleteUserEmployer': {
    prepare: async () => ({ id: await insertEmployment(false) }),
    url: (f) => `/api/userEmployer/${f.id}`,
    expected: OWNER_OR_ADMIN,
  },
  // intended usages
  'intended-usages.list': { url: () => '/api/intendedUsages', expected: ADMIN_ONLY },
  'intended-usages.get': { url: () => `/api/intendedUsage/${base.intendedUsageId}`, expected: OWNER_OR_ADMIN },
  'intended-usages.create': {
    url: () => `/api/intendedUsage/user/${user.id}`,
    body: () => ({ description: 'Measuring radio links' }),
    expected: OWNER_OR_ADMIN,
  },
  'intended-usages.update': {
    url: () => `/api/intendedUsage/${base.intendedUsageId}`,
    body: () => ({ description: 'Measuring radio links, again' }),
    expected: OWNER_OR_ADMIN,
  },
  'intended-usages.delete': {
    prepare: async () => ({ id: await insertIntendedUsage() }),
    url: (f) => `/api/intendedUsage/${f.id}`,
    expected: OWNER_OR_ADMIN,
  },
  // account re-validation and import
  'account-validation.accountsToUpdate': { url: () => `/api/userAccountsToUpdate/${Date.now()}`, expected: ADMIN_ONLY },
  'account-validation.pendingAccounts': { url: () => '/api/userAccountPendingList', expected: ADMIN_ONLY },
  'account-validation.requestValidation': {
    prepare: async () => ({ id: (await createUser(ctx)).id }),
    url: () => '/api/auth/userAccountToValidate',
    body: (f) => [f.id],
    expected: ADMIN_ONLY,
  },
  'account-validation.checkUpdateToken': {
    url: () => '/api/auth/checkTokenExitForAccountValidation',
    body: () => ({ token: 'unknown' }),
    expected: { ...PUBLIC(200), pending: 401 },
  },
  'account-validation.updateAccount': {
    url: () => '/api/auth/updateAccount',
    body: () => ({ token: 'unknown', updateAccountForm: {} }),
    expected: { ...PUBLIC(400), pending: 401 },
  },
  'account-validation.confirmUpdate': {
    url: () => '/api/auth/confirmUserAccountUpdate',
    body: () => ({ token: 'unknown' }),
    expected: { ...PUBLIC(404), pending: 401 },
  },
  'account-validation.importAccounts': {
    prepare: async () => ({ name: `imp_${unique()}` }),
    url: () => '/api/auth/importAccounts',
    body: (f) => ({ text: `username,email,firstname,lastname,instituteName,countryName\n${f.name},${f.name}@example.org,Ada,Imported,Lab,France` }),
    expected: ADMIN_ONLY,
  },
  'images.list': { url: () => '/api/images?scope=usable', expected: SIGNED_IN },
  'images.flashable': { url: () => '/api/images/flashable?deviceType=nrf52840-dk', expected: SIGNED_IN },
  'images.usage': { url: () => '/api/images/usage', expected: SIGNED_IN },
  // Another user's private image answers like a missing one.
  'images.get': { prepare: () => imageOfUser(), url: (f) => `/api/images/${f.id}`, expected: { ...OWNER_OR_ADMIN, other: 404 } },
  'images.download': { prepare: () => imageOfUser(), url: (f) => `/api/images/${f.id}/content`, expected: { ...OWNER_OR_ADMIN, other: 404 } },
  'images.update': {
    prepare: () => imageOfUser(),
    url: (f) => `/api/images/${f.id}`,
    body: () => ({ name: `renamed-${unique()}`, version: '2', description: 'matrix', deviceTypes: ['nrf52840-dk'], visibility: 'private', groupId: null }),
    expected: { ...OWNER_OR_ADMIN, other: 404 },
  },
  'images.delete': {
    prepare: () => imageOfUser(),
    url: (f) => `/api/images/${f.id}`,
    expected: { anonymous: 401, user: 200, other: 404, admin: 200, pending: 401 },
  },
  'images.adminList': { url: () => '/api/adminImages', expected: ADMIN_ONLY },
  'images.approvePublic': { prepare: () => imageOfUser('public'), url: (f) => `/api/adminImages/${f.id}/approvePublic`, expected: ADMIN_ONLY },
  'images.deprecate': { prepare: () => imageOfUser(), url: (f) => `/api/adminImages/${f.id}/deprecate`, expected: ADMIN_ONLY },
  'images.setUserQuota': {
    prepare: async () => ({ id: await freshAccount() }),
    url: (f) => `/api/imageQuotas/users/${f.id}`,
    body: () => ({ quotaBytes: 1_000_000 }),
    expected: ADMIN_ONLY,
  },
  'images.setGroupQuota': {
    prepare: async () => ({ id: await insertManagedGroup() }),
    url: (f) => `/api/imageQuotas/groups/${f.id}`,
    body: () => ({ quotaBytes: null }),
    expected: ADMIN_ONLY,
  },
  // experiments (someone else's answers like an unknown one)
  'experiments.schema': { url: () => '/api/experiments/schema', expected: SIGNED_IN },
  'experiments.preview': { url: () => '/api/experiments/preview', body: experimentDescription, expected: SIGNED_IN },
  'experiments.submit': {
    url: () => '/api/experiments',
    body: experimentDescription,
    expected: { anonymous: 401, user: 201, other: 201, admin: 201, pending: 401 },
  },
  'experiments.mine': { url: () => '/api/experiments?when=all', expected: SIGNED_IN },
  'experiments.all': { url: () => '/api/experiments/all?state=waiting', expected: ADMIN_ONLY },
  'experiments.get': { prepare: experimentOfUser, url: (f) => `/api/experiments/${f.id}`, expected: { ...OWNER_OR_ADMIN, other: 404 } },
  'experiments.streamTicket': {
    prepare: experimentOfUser,
    url: (f) => `/api/experiments/${f.id}/streamTicket`,
    expected: { ...OWNER_OR_ADMIN, other: 404 },
  },
  'experiments.events': {
    prepare: experimentStreamTicketOfUser,
    url: (f) => `/api/experiments/${f.id}/events?ticket=${f.ticket}`,
    // As for a flash job's stream: the ticket, asked for by the owner, is the credential.
    expected: { ...PUBLIC(200), pending: 401 },
  },
  'experiments.stop': { prepare: experimentOfUser, url: (f) => `/api/experiments/${f.id}/stop`, expected: { ...OWNER_OR_ADMIN, other: 404 } },
  'experiments.runAgain': {
    prepare: experimentToRunAgain,
    url: (f) => `/api/experiments/${f.id}/runAgain`,
    expected: { anonymous: 401, user: 201, other: 404, admin: 201, pending: 401 },
  },
  'experiments.templates': { url: () => '/api/experimentTemplates', expected: SIGNED_IN },
  'experiments.saveTemplate': {
    url: () => '/api/experimentTemplates',
    body: () => ({ name: `Template ${unique()}`, description: experimentDescription() }),
    expected: { anonymous: 401, user: 201, other: 201, admin: 201, pending: 401 },
  },
  'experiments.deleteTemplate': {
    prepare: async () => {
      const reply = await user.inject({ method: 'POST', url: '/api/experimentTemplates', payload: { name: `Mine ${unique()}`, description: experimentDescription() } });
      return { id: reply.json().id };
    },
    url: (f) => `/api/experimentTemplates/${f.id}`,
    expected: { ...OWNER_OR_ADMIN, other: 404 },
  },
  'experiments.export': { prepare: experimentOfUser, url: (f) => `/api/experiments/${f.id}/export`, expected: { ...OWNER_OR_ADMIN, other: 404 } },
  // notifications: one's own only; someone else's, even for an administrator, answers like an unknown one
  'notifications.mine': { url: () => '/api/notifications', expected: SIGNED_IN },
  'notifications.markRead': {
    prepare: notificationOfUser,
    url: (f) => `/api/notifications/${f.id}/read`,
    expected: { ...OWNER_OR_ADMIN, other: 404, admin: 404 },
  },
  'notifications.markAllRead': { url: () => '/api/notifications/read', expected: SIGNED_IN },
} satisfies Record<EndpointId, Row | readonly Row[]>;

const endpointById = new Map(allEndpoints.map((endpoint) => [endpoint.id, endpoint]));
const cases = Object.entries(rows).flatMap(([id, row]) => {
  const endpoint = endpointById.get(id)!;
  const all = [row].flat() as Row[];
  return all.map((one, index) => ({ name: `${endpoint.method} ${endpoint.path} (${id}${all.length > 1 ? ` ${index + 1}` : ''})`, endpoint, row: one }));
});

/** Whether a URL is one of the endpoint's paths, its parameters filled in. */
const urlFits = (endpoint: Endpoint, url: string) =>
  [endpoint.path, ...(endpoint.alsoAt ?? [])].some((path) =>
    new RegExp(`^/api${path.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(url.split('?')[0]!),
  );

function call(caller: CallerName, endpoint: Endpoint, row: Row, fixture: Fixture) {
  const options = { method: endpoint.method, url: row.url(fixture), payload: row.body?.(fixture) as never };
  switch (caller) {
    case 'anonymous':
      return ctx.app.inject(options);
    case 'user':
      return user.inject(options);
    case 'other':
      return other.inject(options);
    case 'admin':
      return admin.inject(options);
    case 'pending':
      return ctx.app.inject({ ...options, headers: { authorization: `Bearer ${pendingToken}` } });
  }
}

beforeAll(async () => {
  ctx = await buildTestApp();
  await syncBuiltInTestbed(ctx.database.db);
  user = await loginAs(ctx);
  other = await loginAs(ctx);
  admin = await loginAs(ctx, { roles: ['ADMIN', 'USER'] });
  for (const caller of [user, other, admin]) await addSshKey(ctx.database.db, caller.id);
  // A not-yet-approved account: it had a token once, and is now back to waiting for an administrator
  // (disabled, validation pending, without the USER role), as after a sign-up or a re-validation request.
  const pending = await loginAs(ctx);
  pendingToken = pending.session.accessToken;
  await ctx.database.db.updateTable('users').set({ is_enabled: false, validation_pending: true }).where('id', '=', pending.id).execute();
  await ctx.database.db.deleteFrom('user_roles').where('user_id', '=', pending.id).execute();
  base = {
    credentialId: await insertCredential(user.id),
    employerId: await insertEmployer(),
    userEmployerId: await insertEmployment(true),
    intendedUsageId: await insertIntendedUsage(),
  };
});
afterAll(() => ctx.close());

describe('authorization matrix', () => {
  it('has a row for every endpoint of the table, which documents every operation of the API and no other', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`),
    );
    // Each endpoint once, at its own path: its other spellings (alsoAt) answer undocumented.
    const tabled = allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(operations.sort()).toEqual(tabled.sort());
    expect(Object.keys(rows).sort()).toEqual(allEndpoints.map((endpoint) => endpoint.id).sort());
  });

  it.each(cases.map((one) => [one.name, one] as const))('%s', async (_name, { endpoint, row }) => {
    const seen: Partial<Expected> = {};
    for (const caller of CALLERS) {
      const fixture = (await row.prepare?.()) ?? {};
      expect(urlFits(endpoint, row.url(fixture)), `${row.url(fixture)} is not ${endpoint.path}`).toBe(true);
      const reply = await call(caller, endpoint, row, fixture);
      seen[caller] = reply.statusCode;
      // Whatever the status, an error reply never carries a stack trace.
      expect(reply.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    }
    expect(seen).toEqual(row.expected);
  });
});

describe('what a user can never do', () => {
  it('a not-yet-approved account cannot sign in', async () => {
    const waiting = await createUser(ctx, { enabled: false, roles: [] });
    const reply = await signIn(ctx, waiting.username, TEST_PASSWORD, '203.0.113.77');
    expect(reply.statusCode).toBe(403);
    expect(reply.json().message).toBe(messages.ACCOUNT_INVALID);
  });

  it("never reads another user's details", async () => {
    for (const url of [`/api/user/${user.id}`, `/api/credentials/user/${user.id}`, `/api/intendedUsage/${base.intendedUsageId}`]) {
      const reply = await other.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(403);
      expect(reply.body).not.toContain(user.username);
    }
  });

  it("never changes another user's data", async () => {
    const before = userDetailsSchema.parse((await admin.inject({ method: 'GET', url: `/api/user/${user.id}` })).json());
    const attempts = [
      other.inject({ method: 'PUT', url: `/api/user/${user.id}`, payload: { firstname: 'Mallory', lastname: 'X' } }),
      other.inject({ method: 'POST', url: `/api/intendedUsage/user/${user.id}`, payload: { description: 'Not mine' } }),
      other.inject({ method: 'POST', url: `/api/employer/createToUser/${user.id}`, payload: { employerId: base.employerId, startDate: '2021-01-01T00:00:00.000Z' } }),
      other.inject({ method: 'DELETE', url: `/api/credential/${base.credentialId}` }),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply.statusCode).toBe(403);
    const after = userDetailsSchema.parse((await admin.inject({ method: 'GET', url: `/api/user/${user.id}` })).json());
    expect(after).toEqual(before);
  });

  it('never gives themself a role, the admin flag or the enabled flag', async () => {
    const self = await loginAs(ctx);
    await ctx.database.db.updateTable('users').set({ is_enabled: true }).where('id', '=', self.id).execute();
    for (const change of [{ isAdmin: true }, { roles: ['ADMIN'] }, { roles: ['USER', 'ADMIN'], isAdmin: true }, { isEnabled: false }]) {
      const reply = await self.inject({ method: 'PUT', url: `/api/user/${self.id}`, payload: { firstname: 'Eve', lastname: 'Self', ...change } });
      expect(reply.statusCode, JSON.stringify(change)).toBe(403);
    }
    const roles = await ctx.database.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.name')
      .where('user_roles.user_id', '=', self.id)
      .execute();
    expect(roles.map((role) => role.name)).toEqual(['USER']);
    expect((await self.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(403);
  });
});
