// The usage policy of the booking form's device type: its limits, and what of them the booking being filled
// in would break, said before the server refuses it.
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { describeLimits, messages } from '@testbed/contract';
import { fill } from '../../../shared/fill';
import { formatDay } from '../../../shared/time';
import { myUsageLimitsOptions, recentReservationsOptions } from '../api/reservations-api';
import { weeklyHoursBreaches } from '../usage-limits';

/**
 * The usage policy of the chosen type, when it has one. A component of its own, as the timeline below: a read
 * re-renders the component that holds it when it starts and when it answers, and right after the form first
 * shows, re-rendering the whole form for that was most of its longest task.
 */
export function UsagePolicy({ userId, deviceType, selection }: { userId: number; deviceType: string; selection: { start: Date; end: Date; devices: ReadonlySet<string> } | null }) {
  const limits = useQuery(myUsageLimitsOptions(userId));
  const policy = limits.data?.[deviceType];
  // The weekly device-hours count the user's other bookings of the type: read only where a weekly limit binds.
  const recent = useQuery({ ...recentReservationsOptions(userId), enabled: policy?.maxDeviceHoursPerWeek != null });
  if (!policy) return null;
  // What the server would refuse, said while the form is filled in.
  const breaches: string[] = [];
  if (selection) {
    const minutes = (selection.end.getTime() - selection.start.getTime()) / 60_000;
    if (policy.maxDurationMinutes !== null && minutes > policy.maxDurationMinutes) breaches.push(fill(messages.BREACH_DURATION, { limit: policy.maxDurationMinutes }));
    if (policy.maxDevicesAtOnce !== null && selection.devices.size > policy.maxDevicesAtOnce) breaches.push(fill(messages.BREACH_DEVICES, { limit: policy.maxDevicesAtOnce }));
    if (policy.maxDaysAhead !== null && selection.start.getTime() > Date.now() + policy.maxDaysAhead * 86_400_000) {
      breaches.push(fill(messages.BREACH_DAYS_AHEAD, { limit: policy.maxDaysAhead }));
    }
    if (policy.maxDeviceHoursPerWeek !== null && recent.data && selection.devices.size > 0) {
      const booking = { start: selection.start, end: selection.end, devices: selection.devices.size };
      for (const { week, hours } of weeklyHoursBreaches(booking, recent.data, userId, deviceType, policy.maxDeviceHoursPerWeek)) {
        breaches.push(fill(messages.BREACH_WEEKLY_HOURS, { limit: policy.maxDeviceHoursPerWeek, week: formatDay(week, 'UTC'), hours }));
      }
    }
  }
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="usage-policy">
        {fill(messages.USAGE_POLICY_SUMMARY, { type: deviceType, limits: describeLimits(policy) })}
      </Text>
      {breaches.length > 0 && (
        <Alert color="orange" variant="light" role="status" data-testid="usage-policy-breach">
          {fill(messages.USAGE_POLICY_BREACH, { type: deviceType, reasons: breaches.join('; ') })}
        </Alert>
      )}
    </>
  );
}

