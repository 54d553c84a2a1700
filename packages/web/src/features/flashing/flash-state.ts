// What the flash screen shows and allows, kept apart from the
// components so that it is tested on its own.
import { messages, type FlashJobState, type FlashNodesList } from '@testbed/contract';

export function isActive(state: FlashJobState): boolean {
  return state !== 'done' && state !== 'failed' && state !== 'cancelled';
}

export interface JobView {
  state: FlashJobState;
  statusLine: string | null;
  error: string | null;
}

/**
 * The state text of a job, in this order (docs/web-app.md): 'Flashing pending...', each status line 'date : text',
 * 'Flashing done, trying to connect...', 'Node is ready'; or the failure with its reason.
 */
export function stateText(job: JobView): string {
  switch (job.state) {
    case 'pending':
      return messages.FLASHING_PENDING;
    case 'flashing':
      return job.statusLine ?? messages.FLASHING_PENDING;
    case 'waiting_ready':
    case 'restoring':
      return messages.FLASHING_DONE_CONNECTING;
    case 'done':
      return messages.NODE_IS_READY;
    case 'failed':
      return job.error ? `${messages.FLASHING_FAILED}: ${job.error}` : messages.FLASHING_FAILED;
    case 'cancelled':
      return job.error ? `${messages.FLASHING_CANCELLED}: ${job.error}` : messages.FLASHING_CANCELLED;
  }
}

export interface DeviceOption {
  value: string;
  label: string;
  disabled: boolean;
}

export interface FlashChoices {
  types: DeviceOption[];
  devices: DeviceOption[];
  images: DeviceOption[];
}

/**
 * The options of the three selects. A device being flashed here is down until its node is ready, even
 * before the list is read again. Types with no flashable device and devices that are down or not
 * flashable are disabled.
 */
export function flashChoices(
  nodes: FlashNodesList,
  busy: ReadonlySet<string>,
  deviceType: string | null,
  device: string | null,
  labels: { down: string; notFlashable: string; quarantined?: string },
): FlashChoices {
  const types = Object.entries(nodes).map(([name, devices]) => ({
    value: name,
    label: name,
    disabled: !Object.values(devices).some((node) => node.hasDeviceFlashableByCurrentUser),
  }));
  const ofType = deviceType ? (nodes[deviceType] ?? {}) : {};
  const devices = Object.entries(ofType).map(([mac, node]) => {
    const up = node.up && !busy.has(mac);
    const why = node.quarantined && labels.quarantined ? labels.quarantined : !up ? labels.down : !node.isFlashableByCurrentUser ? labels.notFlashable : null;
    return { value: mac, label: `${node.ip} (${mac})${why ? ` · ${why}` : ''}`, disabled: why !== null };
  });
  const chosen = device ? ofType[device] : undefined;
  const images = (chosen?.images ?? []).map((image) => ({ value: image, label: image, disabled: false }));
  return { types, devices, images };
}

/** Whether the device is up, counting a flash running from this screen. */
export function isUp(nodes: FlashNodesList, busy: ReadonlySet<string>, deviceType: string, mac: string): boolean {
  return (nodes[deviceType]?.[mac]?.up ?? false) && !busy.has(mac);
}

/**
 * What the form starts with when it is opened for given devices (a reservation's): the type of the first one
 * it knows, and those of them of that type; null when it knows none of them.
 */
export function preselection(nodes: FlashNodesList, macs: readonly string[]): { deviceType: string; devices: string[] } | null {
  for (const mac of macs) {
    const deviceType = Object.keys(nodes).find((type) => nodes[type]?.[mac] !== undefined);
    if (deviceType) return { deviceType, devices: macs.filter((other, index) => nodes[deviceType]?.[other] !== undefined && macs.indexOf(other) === index) };
  }
  return null;
}
