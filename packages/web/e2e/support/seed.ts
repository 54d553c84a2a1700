// Prepares the data a journey starts from through the server's real HTTP API only (never its database):
// signing in, giving an account an SSH key, booking devices ahead of the person in the browser.
import { generateKeyPairSync } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import {
  meReplySchema,
  reserveNodesReplySchema,
  signinReplySchema,
  type ReserveNodesRequest,
  type SigninReply,
} from '@testbed/contract';

export interface ApiSession {
  baseUrl: string;
  token: string;
  userId: number;
}

async function call(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  return { status: response.status, json };
}

async function expectOk(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const reply = await call(baseUrl, method, path, token, body);
  if (reply.status < 200 || reply.status >= 300) {
    throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.json)}`);
  }
  return reply.json;
}

export async function apiSignIn(baseUrl: string, username: string, password: string): Promise<ApiSession & { reply: SigninReply }> {
  const reply = signinReplySchema.parse(await expectOk(baseUrl, 'POST', '/api/auth/signin', undefined, { username, password }));
  return { baseUrl, token: reply.accessToken, userId: reply.userId, reply };
}

export async function hasSshKey(session: ApiSession): Promise<boolean> {
  return meReplySchema.parse(await expectOk(session.baseUrl, 'GET', '/api/auth/me', session.token)).hasSshKey;
}

/** A fresh ed25519 public key as one OpenSSH line. */
export function ed25519PublicKeyLine(comment: string): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} ${comment}`;
}

/** POST /api/credential/addToUser/{userId}: the caller adds a key to their own account, an admin to anyone's. */
export async function addSshKey(session: ApiSession, userId: number, sshKey = ed25519PublicKeyLine(`user${userId}@e2e`)): Promise<void> {
  await expectOk(session.baseUrl, 'POST', `/api/credential/addToUser/${userId}`, session.token, { sshKey });
}

export interface NewUser {
  username: string;
  firstname: string;
  lastname: string;
  password: string;
  email?: string;
  isEnabled?: boolean;
  isAdmin?: boolean;
}

/** An administrator creates an account (POST /api/user); answers its id. */
export async function createUserViaApi(admin: ApiSession, user: NewUser): Promise<number> {
  const reply = (await expectOk(admin.baseUrl, 'POST', '/api/user', admin.token, {
    email: `${user.username}@example.org`,
    ...user,
  })) as { userId: number };
  return reply.userId;
}

/**
 * A visitor requests an account (POST /api/auth/signup, solving the ALTCHA challenge as the widget does) and
 * opens the e-mail link of `emailLink` (read by the caller from the outbox) afterwards.
 */
export async function requestAccountViaApi(baseUrl: string, form: Record<string, string>): Promise<void> {
  const challenge = (await expectOk(baseUrl, 'GET', '/api/auth/captcha/challenge')) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  const appRecaptcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  await expectOk(baseUrl, 'POST', '/api/auth/signup', undefined, { ...form, reemail: form.email, repassword: form.password, appRecaptcha });
}

/** Opens an e-mail validation link's call (what the confirm-email page does). */
export async function confirmEmailViaApi(baseUrl: string, token: string): Promise<void> {
  await expectOk(baseUrl, 'POST', '/api/auth/sendEmailAdminConfirmationAccount', undefined, { token });
}

/** An administrator sends a POST of their screens' API (employers, intended usages ...). */
export async function adminPost(admin: ApiSession, path: string, body: unknown): Promise<unknown> {
  return expectOk(admin.baseUrl, 'POST', path, admin.token, body);
}

export interface WallClock {
  date: { year: number; month: number; day: number };
  hour: string;
}

/** The wall clock of an instant in a time zone, as the booking form writes it. */
export function wallClockIn(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) },
    hour: `${parts.hour}:${parts.minute}`,
  };
}

export interface ApiBooking {
  userId: number;
  start: Date;
  durationMinutes: number;
  devices: Array<{ macAddress: string; ipAddress: string }>;
  reservationType?: string;
  description?: string;
  timeZone: string;
  colleagues?: number[];
}

/** POST /api/reserveNodes; resolves with the new reservation id. */
export async function bookViaApi(session: ApiSession, booking: ApiBooking): Promise<number> {
  const start = wallClockIn(booking.start, booking.timeZone);
  const end = wallClockIn(new Date(booking.start.getTime() + booking.durationMinutes * 60_000), booking.timeZone);
  const request: ReserveNodesRequest = {
    nodesBookingForm: {
      userId: booking.userId,
      startDate: start.date,
      startHour: start.hour,
      durationHour: Math.floor(booking.durationMinutes / 60),
      durationMinute: booking.durationMinutes % 60,
      endDate: end.date,
      endHour: end.hour,
      reservationType: booking.reservationType ?? 'Exclusive',
      reservationDescription: booking.description ?? '',
      selectedDevices: booking.devices,
      timeZone: booking.timeZone,
    },
    selectedUsers: (booking.colleagues ?? []).map((userId) => ({ userId })),
  };
  const reply = await call(session.baseUrl, 'POST', '/api/reserveNodes', session.token, request);
  const parsed = reserveNodesReplySchema.safeParse(reply.json);
  if (reply.status !== 200 || !parsed.success || typeof parsed.data.value1 !== 'number') {
    throw new Error(`booking refused (${reply.status}): ${JSON.stringify(reply.json)}`);
  }
  return parsed.data.value1;
}

/** An administrator sends a PUT of their screens' API (usage policies ...). */
export async function adminPut(admin: ApiSession, path: string, body: unknown): Promise<unknown> {
  return expectOk(admin.baseUrl, 'PUT', path, admin.token, body);
}
