// Usage policies: administrators set them per device type (for everybody or a group); every booking and
// extension is checked against them here, and the free-slot search reads the same limits. Administrators
// are not bound. A refusal names the rule and its limit.
import { formatMinutes, type MyUsageLimits, type UsageLimits, type UsagePolicy, type UsagePolicyForm } from '@testbed/contract';
import type { Db, Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { authorize } from '../../security/policies.js';
import type { Principal } from '../../security/principal.js';
import { recordAudit } from '../../db/audit-writer.js';
import { findDeviceTypeId, heldByUser, listUsagePolicies, policiesForUser, presentUsagePolicy, resolveLimits, savePolicy } from './repo.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const FOREIGN_KEY_VIOLATION = '23503';

/** Monday 00:00 UTC of the week holding the instant: device-hours are counted per such week. */
export function weekStart(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

export interface BookingToCheck {
  /** The responsible user, whose policies apply. */
  userId: number;
  deviceType: string;
  /** Devices of the type in the booking. */
  devices: number;
  start: Date;
  end: Date;
  now: Date;
  /** The reservation being changed, left out of what the user already holds. */
  except: number | null;
}

export class UsagePolicyService {
  constructor(private readonly db: Db) {}

  async list(principal: Principal | null): Promise<UsagePolicy[]> {
    authorize(principal, 'usage-policies:manage');
    return (await listUsagePolicies(this.db)).map(presentUsagePolicy);
  }

  async save(principal: Principal | null, form: UsagePolicyForm, ip?: string): Promise<UsagePolicy[]> {
    const caller = authorize(principal, 'usage-policies:manage');
    const deviceTypeId = await findDeviceTypeId(this.db, form.deviceType);
    if (deviceTypeId === undefined) {
      throw new AppError('validation', `deviceType: unknown device type ${form.deviceType}`, { fieldErrors: { deviceType: ['Unknown device type.'] } });
    }
    const { deviceType: _type, groupId, ...limits } = form;
    try {
      await this.db.transaction().execute(async (tx) => {
        await savePolicy(tx, deviceTypeId, groupId, limits);
        await recordAudit(tx, {
          actorUserId: caller.userId,
          action: 'admin.usage-policy.save',
          targetType: 'device_type',
          targetId: form.deviceType,
          ip,
          details: { groupId, ...limits },
        });
      });
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      throw new AppError('validation', `groupId: unknown group ${groupId}`, { fieldErrors: { groupId: ['Unknown group.'] } });
    }
    return this.list(principal);
  }

  /** The limits that bind the user, per device type (for the booking screen). */
  async mine(principal: Principal | null, userId: number): Promise<MyUsageLimits> {
    authorize(principal, 'reservation:list', { userId });
    return Object.fromEntries(await this.limitsFor(userId));
  }

  async limitsFor(userId: number, db: Queryable = this.db): Promise<Map<string, UsageLimits>> {
    return resolveLimits(await policiesForUser(db, userId));
  }

  /** The reasons a booking (or a booking's new end) breaks the user's policy of its type; none when it does not. */
  async check(db: Queryable, booking: BookingToCheck, limitsByType?: Map<string, UsageLimits>): Promise<string[]> {
    const limits = (limitsByType ?? (await this.limitsFor(booking.userId, db))).get(booking.deviceType);
    if (!limits) return [];
    const rule = `Usage policy of ${booking.deviceType}:`;
    const reasons: string[] = [];
    const minutes = (booking.end.getTime() - booking.start.getTime()) / 60_000;
    if (limits.maxDurationMinutes !== null && minutes > limits.maxDurationMinutes) {
      reasons.push(`${rule} a reservation lasts at most ${formatMinutes(limits.maxDurationMinutes)}.`);
    }
    if (limits.maxDaysAhead !== null && booking.start.getTime() > booking.now.getTime() + limits.maxDaysAhead * DAY_MS) {
      reasons.push(`${rule} a reservation starts at most ${limits.maxDaysAhead} days ahead.`);
    }
    if (limits.maxDevicesAtOnce === null && limits.maxDeviceHoursPerWeek === null) return reasons;
    // Every week the booking touches, from the one it starts in.
    for (let week = weekStart(booking.start); week < booking.end; week = new Date(week.getTime() + WEEK_MS)) {
      const weekEnd = new Date(week.getTime() + WEEK_MS);
      const held = await heldByUser(db, { ...booking, weekStart: week, weekEnd, except: booking.except });
      if (limits.maxDevicesAtOnce !== null && week.getTime() === weekStart(booking.start).getTime()) {
        const total = held.devices + booking.devices;
        if (total > limits.maxDevicesAtOnce) {
          reasons.push(`${rule} at most ${limits.maxDevicesAtOnce} device(s) held at once (with your other reservations of that time, ${total}).`);
        }
      }
      if (limits.maxDeviceHoursPerWeek !== null) {
        const inWeek = (Math.min(booking.end.getTime(), weekEnd.getTime()) - Math.max(booking.start.getTime(), week.getTime())) / 3_600_000;
        const total = held.deviceHours + inWeek * booking.devices;
        if (total > limits.maxDeviceHoursPerWeek + 1e-9) {
          reasons.push(
            `${rule} at most ${limits.maxDeviceHoursPerWeek} device-hours a week (the week of ${week.toISOString().slice(0, 10)} would have ${Math.round(total * 10) / 10}).`,
          );
          break;
        }
      }
    }
    return reasons;
  }
}
