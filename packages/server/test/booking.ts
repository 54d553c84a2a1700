// Test support for bookings: the built-in simulated testbed in the database, SSH keys for bookers, and
// booking bodies built from instants the way a browser in a given time zone would fill the form.
import { randomBytes } from 'node:crypto';
import type { ReserveNodesRequest } from '@testbed/contract';
import type { Db, Queryable } from '../src/db/database.js';
import { syncInventory } from '../src/testbed/inventory.js';
import { loadTestbed, type TestbedFile } from '../src/testbed/testbed-file.js';

/** Puts the built-in testbed file's devices in the database, as the server does at start. */
export async function syncBuiltInTestbed(db: Db): Promise<TestbedFile> {
  const testbed = await loadTestbed(undefined);
  await syncInventory(db, testbed);
  return testbed;
}

/** Gives the user an SSH key row (the booking rules only ask that one exists). */
export async function addSshKey(db: Queryable, userId: number): Promise<void> {
  await db
    .insertInto('credentials')
    .values({
      user_id: userId,
      ssh_key: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${randomBytes(24).toString('base64')} test@example`,
      key_type: 'ssh-ed25519',
      fingerprint: `SHA256:${randomBytes(32).toString('base64').replace(/=+$/, '')}`,
    })
    .execute();
}

export interface Clock {
  date: { year: number; month: number; day: number };
  hour: string;
}

/** What a person in `timeZone` reads on the wall clock at `instant` (computed with Intl alone). */
export function clockIn(instant: Date | number, timeZone: string): Clock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return {
    date: { year: get('year'), month: get('month'), day: get('day') },
    hour: `${get('hour')}:${String(get('minute')).padStart(2, '0')}`,
  };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** An instant on a whole hour, `days` days and `hours` hours from now (rounded up to the hour). */
export function at(days: number, hours = 0): Date {
  const next = Math.ceil(Date.now() / HOUR) * HOUR;
  return new Date(next + days * DAY + hours * HOUR);
}

export interface BookingOptions {
  userId: number;
  macs: string[];
  start: Date;
  end: Date;
  timeZone?: string;
  type?: string;
  description?: string;
  users?: number[];
}

/** The body the booking form sends for a window, read in the given time zone (UTC by default). */
export function bookingBody(options: BookingOptions): ReserveNodesRequest {
  const timeZone = options.timeZone ?? 'UTC';
  const start = clockIn(options.start, timeZone);
  const end = clockIn(options.end, timeZone);
  const minutes = Math.round((options.end.getTime() - options.start.getTime()) / 60_000);
  return {
    nodesBookingForm: {
      userId: options.userId,
      selectedDevicetype: 'raspberry-pi-4',
      startDate: start.date,
      startHour: start.hour,
      durationHour: Math.floor(minutes / 60),
      durationMinute: minutes % 60,
      endDate: end.date,
      endHour: end.hour,
      reservationType: options.type ?? 'Exclusive',
      reservationDescription: options.description ?? 'test run',
      selectedDevices: options.macs.map((macAddress) => ({ macAddress })),
      timeZone,
    },
    selectedUsers: (options.users ?? []).map((userId) => ({ userId })),
  };
}
