import { describe, expect, it } from 'vitest';
import { checkFlashingRequestSchema, flashNodesRequestSchema, isFlashingDoneLine, statusLineDate, statusLineText } from './flashing.js';

describe('status lines', () => {
  it("reads 'date : text' with its ' : ' separator", () => {
    expect(statusLineText('2026-11-22T10:00:05Z : Writing image a : b')).toBe('Writing image a : b');
    expect(statusLineDate('2026-11-22T10:00:05Z : Flashing done')).toEqual(new Date('2026-11-22T10:00:05Z'));
    expect(statusLineDate('Flashing done')).toBeNull();
  });

  it("takes 'Flashing done' only when it is not older than the start", () => {
    const start = Date.parse('2026-11-22T10:00:00Z') / 1000;
    expect(isFlashingDoneLine('2026-11-22T10:00:30Z : Flashing done', start)).toBe(true);
    expect(isFlashingDoneLine('2026-11-22T10:00:00.900Z : Flashing done', start)).toBe(true);
    expect(isFlashingDoneLine('2026-11-22T09:59:59Z : Flashing done', start)).toBe(false);
    expect(isFlashingDoneLine('2026-11-22T10:00:30Z : Flashing done badly', start)).toBe(false);
    expect(isFlashingDoneLine('not a date : Flashing done', start)).toBe(false);
  });
});

describe('flash requests', () => {
  it('needs a device type, a MAC address and an image', () => {
    expect(flashNodesRequestSchema.safeParse({ deviceType: 'board', device: '02:00:00:00:00:0A', image: 'img' }).data?.device).toBe('02:00:00:00:00:0a');
    const empty = flashNodesRequestSchema.safeParse({ deviceType: '', device: '', image: '' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['Choose a device type.', 'Invalid MAC address', 'Choose an image.']);
  });

  it('takes a job handle, never a path', () => {
    expect(checkFlashingRequestSchema.safeParse('0b6c8f8e-3c1a-4d7e-9f55-7d7bb0b1d1c2').success).toBe(true);
    expect(checkFlashingRequestSchema.safeParse({ handle: '0b6c8f8e-3c1a-4d7e-9f55-7d7bb0b1d1c2' }).success).toBe(true);
    expect(checkFlashingRequestSchema.safeParse('/var/lib/testbed/status.log').success).toBe(false);
  });
});
