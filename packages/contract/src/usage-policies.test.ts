import { describe, expect, it } from 'vitest';
import { describeLimits } from './usage-policies.js';

const none = { maxDurationMinutes: null, maxDaysAhead: null, maxDevicesAtOnce: null, maxDeviceHoursPerWeek: null };

describe('describeLimits', () => {
  it('says every limit the policy sets, in the booking screen’s words', () => {
    expect(describeLimits({ maxDurationMinutes: 240, maxDaysAhead: 14, maxDevicesAtOnce: 2, maxDeviceHoursPerWeek: 20 })).toBe(
      'at most 4 h per reservation, up to 14 days ahead, 2 devices at once, 20 device-hours a week',
    );
  });

  it('counts one of each in the singular', () => {
    expect(describeLimits({ maxDurationMinutes: null, maxDaysAhead: 1, maxDevicesAtOnce: 1, maxDeviceHoursPerWeek: 1 })).toBe(
      'up to 1 day ahead, 1 device at once, 1 device-hour a week',
    );
  });

  it('says nothing of the limits it does not set', () => {
    expect(describeLimits(none)).toBe('');
    expect(describeLimits({ ...none, maxDevicesAtOnce: 3 })).toBe('3 devices at once');
  });
});
