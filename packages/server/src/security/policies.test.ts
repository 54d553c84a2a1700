// The rules themselves, on facts given by hand: what the authorization matrix checks through the API, here
// rule by rule, with the facts each one reads.
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { authorize, can } from './policies.js';
import type { Principal } from './principal.js';

const user = (userId: number): Principal => ({ userId, username: `user${userId}`, authorities: ['USER'], isAdmin: false });
const admin: Principal = { userId: 1, username: 'admin', authorities: ['ADMIN', 'USER'], isAdmin: true };

describe('the flash rule', () => {
  const reservationsNow = [{ holderId: 10, colleagueIds: [11, 12] }];

  it('lets the holder and the colleagues of an Exclusive reservation running now flash its device', () => {
    expect(can(user(10), 'flash:device', { reservationsNow })).toBe(true);
    expect(can(user(12), 'flash:device', { reservationsNow })).toBe(true);
  });

  it('refuses anyone else, and everyone when no such reservation runs', () => {
    expect(can(user(13), 'flash:device', { reservationsNow })).toBe(false);
    expect(can(user(10), 'flash:device', { reservationsNow: [] })).toBe(false);
    // @ts-expect-error: the rule reads the device's reservations, so asking without them does not compile
    expect(can(user(10), 'flash:device')).toBe(false);
  });

  it('lets administrators flash any device, quarantined ones included, which holders may not', () => {
    expect(can(admin, 'flash:device', { reservationsNow: [] })).toBe(true);
    expect(can(admin, 'flash:quarantined-device')).toBe(true);
    expect(can(user(10), 'flash:quarantined-device')).toBe(false);
  });

  it('refuses with the sentence given, as a 403', () => {
    const refusal = 'You may flash board 1 only during an Exclusive reservation of it that you take part in.';
    expect(() => authorize(user(13), 'flash:device', { reservationsNow }, refusal)).toThrow(refusal);
    try {
      authorize(user(13), 'flash:device', { reservationsNow }, refusal);
    } catch (error) {
      expect((error as AppError).code).toBe('forbidden');
    }
  });
});

describe('own account, administrators and anonymous callers', () => {
  it('lets a user act on their own account only, and an administrator on any', () => {
    expect(can(user(5), 'account:change-password', { userId: 5 })).toBe(true);
    expect(can(user(5), 'account:change-password', { userId: 6 })).toBe(false);
    expect(can(admin, 'account:change-password', { userId: 6 })).toBe(true);
  });

  it('lets nobody, not even an administrator, create an API token for someone else', () => {
    expect(can(admin, 'api-token:create', { userId: 6 })).toBe(false);
    expect(can(admin, 'api-token:create', { userId: admin.userId })).toBe(true);
  });

  it('answers 401 to nobody signed in on a signed-in action, and lets anyone ask for an account', () => {
    expect(() => authorize(null, 'catalogue:read')).toThrow('You must be signed in.');
    expect(authorize(null, 'account:register')).toBeNull();
    expect(can(user(5), 'account:register')).toBe(true);
  });

  it('lets an enabled account sign in, not a disabled one', () => {
    expect(can(null, 'session:create', { account: { enabled: true } })).toBe(true);
    expect(can(null, 'session:create', { account: { enabled: false } })).toBe(false);
  });

  it("lets a group's managers read it, and reservation members read the reservation", () => {
    expect(can(user(7), 'group:read', { managerIds: [7] })).toBe(true);
    expect(can(user(8), 'group:read', { managerIds: [7] })).toBe(false);
    expect(can(user(9), 'reservation:read', { memberIds: [3, 9] })).toBe(true);
    expect(can(user(4), 'reservation:read', { memberIds: [3, 9] })).toBe(false);
  });
});
