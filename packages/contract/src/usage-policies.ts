// Usage policies: the limits of booking a device type, for everybody or for the members of a group. The
// server enforces them on every booking, extension and free-slot answer; administrators are not bound.
import * as z from 'zod/mini';
import { deviceMessages } from './device-messages.js';
import { entityIdSchema, idFieldSchema } from './input.js';
import { counted, formatDuration } from './reservations.js';
import { required } from './rules.js';

/** Each limit's bounds, for the rule below and the form's fields. */
export const USAGE_LIMIT_BOUNDS = {
  maxDurationMinutes: { min: 1, max: 527_040 },
  maxDaysAhead: { min: 0, max: 3660 },
  maxDevicesAtOnce: { min: 1, max: 100_000 },
  maxDeviceHoursPerWeek: { min: 1, max: 1_000_000 },
} as const;
type UsageLimitKey = keyof typeof USAGE_LIMIT_BOUNDS;

/** A limit: a whole number within its bounds, or null for none; the message names the field as the form labels it. */
const limitSchema = (key: UsageLimitKey, label: string) => {
  const { min, max } = USAGE_LIMIT_BOUNDS[key];
  const message = `${label} is a whole number from ${min} to ${max}, or empty for no limit`;
  return z.nullable(z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)));
};

/** The limits; null is no limit. */
export const usageLimitsSchema = z.object({
  maxDurationMinutes: limitSchema('maxDurationMinutes', deviceMessages.MAX_DURATION_MINUTES),
  maxDaysAhead: limitSchema('maxDaysAhead', deviceMessages.MAX_DAYS_AHEAD),
  maxDevicesAtOnce: limitSchema('maxDevicesAtOnce', deviceMessages.MAX_DEVICES_AT_ONCE),
  maxDeviceHoursPerWeek: limitSchema('maxDeviceHoursPerWeek', deviceMessages.MAX_DEVICE_HOURS_PER_WEEK),
});
export type UsageLimits = z.infer<typeof usageLimitsSchema>;
export const NO_LIMITS: UsageLimits = { maxDurationMinutes: null, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: null };

/**
 * PUT /api/usagePolicies: sets (or, with every limit null, removes) the policy of a type for everybody or a group.
 * Also the administrators' policy form, whose device type starts empty.
 */
export const usagePolicyFormSchema = z.extend(usageLimitsSchema, {
  deviceType: z.string().check(z.trim(), z.minLength(1, required(deviceMessages.DEVICE_TYPE)), z.maxLength(64)),
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
  if (limits.maxDaysAhead !== null) parts.push(`up to ${counted(limits.maxDaysAhead, 'day')} ahead`);
  if (limits.maxDevicesAtOnce !== null) parts.push(`${counted(limits.maxDevicesAtOnce, 'device')} at once`);
  if (limits.maxDeviceHoursPerWeek !== null) parts.push(`${counted(limits.maxDeviceHoursPerWeek, 'device-hour')} a week`);
  return parts.join(', ');
}

/** Minutes as people write them ('4 h', '1 h 30 min'). */
export function formatMinutes(minutes: number): string {
  return formatDuration(minutes * 60);
}
