// Usage policies: the limits of booking a device type, for everybody or for the members of a group. The
// server enforces them on every booking, extension and free-slot answer; administrators are not bound.
import * as z from 'zod/mini';
import { entityIdSchema, idFieldSchema } from './input.js';
import { formatDuration } from './reservations.js';

/** The limits; null is no limit. */
export const usageLimitsSchema = z.object({
  maxDurationMinutes: z.nullable(z.int().check(z.gte(1), z.lte(527_040))),
  maxDaysAhead: z.nullable(z.int().check(z.gte(0), z.lte(3660))),
  maxDevicesAtOnce: z.nullable(z.int().check(z.gte(1), z.lte(100_000))),
  maxDeviceHoursPerWeek: z.nullable(z.int().check(z.gte(1), z.lte(1_000_000))),
});
export type UsageLimits = z.infer<typeof usageLimitsSchema>;
export const NO_LIMITS: UsageLimits = { maxDurationMinutes: null, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: null };

/** PUT /api/usagePolicies: sets (or, with every limit null, removes) the policy of a type for everybody or a group. */
export const usagePolicyFormSchema = z.extend(usageLimitsSchema, {
  deviceType: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  groupId: z.nullable(idFieldSchema),
});
export type UsagePolicyForm = z.infer<typeof usagePolicyFormSchema>;

export const usagePolicySchema = z.extend(usageLimitsSchema, {
  usagePolicyId: z.int(),
  deviceType: z.string(),
  groupId: z.nullable(z.int()),
  groupName: z.nullable(z.string()),
});
export type UsagePolicy = z.infer<typeof usagePolicySchema>;
export const usagePolicyListSchema = z.array(usagePolicySchema);

/** GET /api/usagePolicies/mine?userId=: the limits that bind the user, per device type (types without limits left out). */
export const myUsageLimitsQuerySchema = z.object({ userId: entityIdSchema });
export const myUsageLimitsSchema = z.record(z.string(), usageLimitsSchema);
export type MyUsageLimits = z.infer<typeof myUsageLimitsSchema>;

/** "at most 4 h, up to 14 days ahead, 2 devices at once, 20 device-hours a week": for the booking screen. */
export function describeLimits(limits: UsageLimits): string {
  const parts: string[] = [];
  if (limits.maxDurationMinutes !== null) parts.push(`at most ${formatMinutes(limits.maxDurationMinutes)} per reservation`);
  if (limits.maxDaysAhead !== null) parts.push(`up to ${limits.maxDaysAhead} days ahead`);
  if (limits.maxDevicesAtOnce !== null) parts.push(`${limits.maxDevicesAtOnce} device(s) at once`);
  if (limits.maxDeviceHoursPerWeek !== null) parts.push(`${limits.maxDeviceHoursPerWeek} device-hours a week`);
  return parts.join(', ');
}

/** Minutes as people write them ('4 h', '1 h 30 min'). */
export function formatMinutes(minutes: number): string {
  return formatDuration(minutes * 60);
}
