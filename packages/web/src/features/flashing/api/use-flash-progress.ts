// The live progress of a running job: its stage and log as the server's stream sends them (Server-Sent
// Events, opened with a single-use ticket since EventSource cannot send the bearer header). When the stream
// is lost the screen falls back to the spec's 10 s poll of checkFlashing, which the row runs itself.
import { useQuery } from '@tanstack/react-query';
import { flashJobStateSchema, flashLogEntrySchema, type FlashJobState, type FlashLogEntry } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { flashJobOptions, fetchStreamTicket } from './flashing-api';

export interface FlashProgress {
  /** 'live' while the stream runs, 'lost' once it failed (the poll takes over), 'idle' before or after. */
  stream: 'idle' | 'live' | 'lost';
  state: FlashJobState | null;
  log: FlashLogEntry[];
}

const FINAL = new Set<FlashJobState>(['done', 'failed']);

export function useFlashProgress(handle: string, active: boolean): FlashProgress {
  // The kept log so far: the stream then sends only what comes after it.
  const kept = useQuery({ ...flashJobOptions(handle), enabled: active, staleTime: Number.POSITIVE_INFINITY });
  const [progress, setProgress] = useState<FlashProgress>({ stream: 'idle', state: null, log: [] });

  useEffect(() => {
    if (!active || !kept.data) return;
    let source: EventSource | undefined;
    let stopped = false;
    const log = [...kept.data.log];
    const lastState = [...log].reverse().find((entry) => entry.kind === 'stage')?.text;
    setProgress({ stream: 'idle', state: lastState ? flashJobStateSchema.parse(lastState) : kept.data.state, log });
    if (FINAL.has(kept.data.state)) return;
    const after = log.at(-1)?.id;
    fetchStreamTicket(handle)
      .then((ticket) => {
        if (stopped) return;
        const query = new URLSearchParams({ ticket, ...(after ? { after } : {}) });
        source = new EventSource(`/api/flashJobs/${encodeURIComponent(handle)}/events?${query}`);
        source.addEventListener('open', () => setProgress((current) => ({ ...current, stream: 'live' })));
        source.addEventListener('log', (event) => {
          const entry = flashLogEntrySchema.parse(JSON.parse((event as MessageEvent<string>).data));
          setProgress((current) => ({
            stream: 'live',
            state: entry.kind === 'stage' ? flashJobStateSchema.parse(entry.text) : current.state,
            log: [...current.log, entry],
          }));
        });
        source.addEventListener('end', () => {
          source?.close();
          setProgress((current) => ({ ...current, stream: 'idle' }));
        });
        // A lost stream is not reopened by EventSource (its ticket is used): the 10 s poll takes over.
        source.addEventListener('error', () => {
          source?.close();
          setProgress((current) => (current.state && FINAL.has(current.state) ? current : { ...current, stream: 'lost' }));
        });
      })
      .catch((error: unknown) => {
        console.error('flash progress stream could not be opened', error);
        if (!stopped) setProgress((current) => ({ ...current, stream: 'lost' }));
      });
    return () => {
      stopped = true;
      source?.close();
    };
  }, [active, handle, kept.data]);

  // Without the kept log the stream is not opened: the poll takes over.
  return kept.isError && progress.stream === 'idle' ? { ...progress, stream: 'lost' } : progress;
}
