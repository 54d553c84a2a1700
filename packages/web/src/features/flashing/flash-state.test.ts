import { messages, type FlashNodesList } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { flashChoices, isActive, stateText } from './flash-state';

const node = (ip: string, up: boolean, flashable: boolean, typeFlashable: boolean) => ({
  ip,
  up,
  images: ['img-a', 'img-b'],
  isFlashableByCurrentUser: flashable,
  hasDeviceFlashableByCurrentUser: typeFlashable,
});

const nodes: FlashNodesList = {
  board: {
    '02:00:00:00:00:01': node('10.0.0.1', true, true, true),
    '02:00:00:00:00:02': node('10.0.0.2', false, true, true),
    '02:00:00:00:00:03': node('10.0.0.3', true, false, true),
  },
  sensor: { '02:00:00:00:01:01': node('10.0.1.1', true, false, false) },
};
const labels = { down: 'Down', notFlashable: 'not yours' };

describe('stateText', () => {
  it("follows the states' order, then names a failure with its reason", () => {
    expect(stateText({ state: 'pending', statusLine: null, error: null })).toBe(messages.FLASHING_PENDING);
    expect(stateText({ state: 'flashing', statusLine: null, error: null })).toBe(messages.FLASHING_PENDING);
    expect(stateText({ state: 'flashing', statusLine: '2026-01-01T10:00:00Z : Writing image', error: null })).toBe(
      '2026-01-01T10:00:00Z : Writing image',
    );
    expect(stateText({ state: 'waiting_ready', statusLine: 'x : Flashing done', error: null })).toBe(messages.FLASHING_DONE_CONNECTING);
    expect(stateText({ state: 'restoring', statusLine: 'x : Flashing done', error: null })).toBe(messages.FLASHING_DONE_CONNECTING);
    expect(stateText({ state: 'done', statusLine: 'x : Flashing done', error: null })).toBe(messages.NODE_IS_READY);
    expect(stateText({ state: 'failed', statusLine: null, error: 'Timed out' })).toBe(`${messages.FLASHING_FAILED}: Timed out`);
  });

  it('names a cancelled job with the reason, and counts it as ended', () => {
    const reason = 'Cancelled: reservation 7 ended at 2026-01-01T11:00:00Z (released or shortened).';
    expect(stateText({ state: 'cancelled', statusLine: 'x : Writing image', error: reason })).toBe(`${messages.FLASHING_CANCELLED}: ${reason}`);
    expect(isActive('cancelled')).toBe(false);
    expect(isActive('restoring')).toBe(true);
  });
});

describe('flashChoices', () => {
  it('disables types without a flashable device, and devices that are down, being flashed or not flashable', () => {
    const choices = flashChoices(nodes, new Set(['02:00:00:00:00:01']), 'board', '02:00:00:00:00:01', labels);
    expect(choices.types).toEqual([
      { value: 'board', label: 'board', disabled: false },
      { value: 'sensor', label: 'sensor', disabled: true },
    ]);
    expect(choices.devices.map((device) => [device.label, device.disabled])).toEqual([
      ['10.0.0.1 (02:00:00:00:00:01) · Down', true],
      ['10.0.0.2 (02:00:00:00:00:02) · Down', true],
      ['10.0.0.3 (02:00:00:00:00:03) · not yours', true],
    ]);
    expect(choices.images.map((image) => image.value)).toEqual(['img-a', 'img-b']);
    const quarantined = { ...nodes, board: { ...nodes.board, '02:00:00:00:00:02': { ...nodes.board!['02:00:00:00:00:02']!, quarantined: true as const } } };
    expect(flashChoices(quarantined, new Set(), 'board', null, { ...labels, quarantined: 'quarantined' }).devices[1]).toMatchObject({
      label: '10.0.0.2 (02:00:00:00:00:02) · quarantined',
      disabled: true,
    });
    const free = flashChoices(nodes, new Set(), 'board', null, labels);
    expect(free.devices[0]).toEqual({ value: '02:00:00:00:00:01', label: '10.0.0.1 (02:00:00:00:00:01)', disabled: false });
    expect(free.images).toEqual([]);
  });
});
