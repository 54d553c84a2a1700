// An experiment's stream (Server-Sent Events, see streams/event-streams.ts): a trigger on the experiments and
// experiment_devices rows NOTIFYs `experiment_changed` with the experiment's id whichever instance changed it,
// and each open stream of it reads it again and sends it when it differs from what it sent last.
import type { ServerResponse } from 'node:http';
import { FINISHED_EXPERIMENT_STATES, type Experiment } from '@testbed/contract';
import { NotifiedStreams, runEventStream, sseEvent } from '../../streams/event-streams.js';

export const EXPERIMENT_CHANNEL = 'experiment_changed';

export class ExperimentEventHub extends NotifiedStreams {
  constructor() {
    super(EXPERIMENT_CHANNEL);
  }
}

/**
 * Sends an experiment on an SSE response: `experiment` as it stands, then again after each change, and `end` with
 * its state once it is done, failed or cancelled (or gone: its owner's account deleted).
 */
export function streamExperiment(
  hub: ExperimentEventHub,
  first: Experiment,
  read: () => Promise<Experiment | undefined>,
  out: ServerResponse,
  onError: (error: unknown) => void,
): void {
  let sent = JSON.stringify(first);
  runEventStream(
    hub,
    first.id,
    out,
    {
      first: sseEvent('experiment', first),
      read: async (write, end) => {
        const now = await read();
        if (!now) return end();
        const text = JSON.stringify(now);
        if (text !== sent) write(sseEvent('experiment', now));
        sent = text;
        if (FINISHED_EXPERIMENT_STATES.includes(now.state)) {
          write(sseEvent('end', { state: now.state }));
          end();
        }
      },
    },
    onError,
  );
}
