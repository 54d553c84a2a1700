// The notifications an experiment's owner gets in the portal (modules/notifications), besides the ready mail.
import type { NewNotification } from '../notifications/service.js';
import type { ExperimentDeviceRow, ExperimentRow } from './repo.js';

const linkOf = (experiment: ExperimentRow) => `/experiments/${experiment.id}`;

export function readyNotice(experiment: ExperimentRow, devices: ExperimentDeviceRow[]): NewNotification {
  const ready = devices.filter((device) => device.state === 'ready').length;
  const failed = devices.filter((device) => device.state === 'failed').length;
  return {
    userId: experiment.user_id,
    kind: 'experiment-ready',
    title: `Experiment ${experiment.name} is ready`,
    text: `${ready} device(s) ready${failed > 0 ? `, ${failed} left out (the flash failed)` : ''}. It ends at ${new Date(experiment.end_at).toISOString()}.`,
    link: linkOf(experiment),
  };
}

export function failedNotice(experiment: ExperimentRow, why: string | null): NewNotification {
  return {
    userId: experiment.user_id,
    kind: 'experiment-failed',
    title: `Experiment ${experiment.name} failed`,
    text: why ?? 'Its devices could not be flashed.',
    link: linkOf(experiment),
  };
}
