// The live progress of a running job: its stage and log as the server's stream sends them (Server-Sent
// Events, opened with a single-use ticket since EventSource cannot send the bearer header). When the stream
// is lost the row falls back to a 10 s poll of checkFlashing, and a new stream (a new ticket, from
// the last entry seen) is tried at the same pace; the poll stops once one is open again.
import { useQuery } from '@tanstack/react-query';
import { FLASH_POLL_MS, flashJobStateSchema, flashLogEntrySchema, urlOf, type FlashJobState, type FlashLogEntry } from '@testbed/contract';
import { flashingEndpoints } from '@testbed/contract/endpoints/flashing';
import { useEffect, useRef, useState } from 'react';
import { fetchStreamTicket, flashJobOptions } from './flashing-api';
import { openTicketedStream } from '../../../shared/ticketed-stream';

export interface FlashProgress {
  /** 'live' while the stream runs, 'lost' while it is down (the poll takes over), 'idle' before or after. */
  stream: 'idle' | 'live' | 'lost';
  state: FlashJobState | null;
  log: FlashLogEntry[];
}

const FINAL = new Set<FlashJobState>(['done', 'failed', 'cancelled']);

export function useFlashProgress(handle: string, active: boolean): FlashProgress {
  // The kept log so far: the stream then sends only what comes after it.
  const kept = useQuery({ ...flashJobOptions(handle), enabled: active, staleTime: Number.POSITIVE_INFINITY });
  const [progress, setProgress] = useState<FlashProgress>({ stream: 'idle', state: null, log: [] });
  const [attempt, setAttempt] = useState(0);
  const current = useRef(progress);
  current.current = progress;

  // The kept log is where the progress starts.
  useEffect(() => {
    if (!kept.data) return;
    const log = [...kept.data.log];
    const lastState = [...log].reverse().find((entry) => entry.kind === 'stage')?.text;
    setProgress({ stream: 'idle', state: lastState ? flashJobStateSchema.parse(lastState) : kept.data.state, log });
  }, [kept.data]);

  useEffect(() => {
    if (!active || !kept.data || FINAL.has(kept.data.state)) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const close = openTicketedStream({
      what: 'flash progress stream',
      ticket: () => fetchStreamTicket(handle),
      url: (ticket) => {
        const after = current.current.log.at(-1)?.id ?? kept.data.log.at(-1)?.id;
        return urlOf(flashingEndpoints.events, { params: { handle }, query: { ticket, after } });
      },
      on: {
        log: (data) => {
          const entry = flashLogEntrySchema.parse(data);
          setProgress((now) =>
            now.log.some((seen) => seen.id === entry.id)
              ? now
              : { stream: 'live', state: entry.kind === 'stage' ? flashJobStateSchema.parse(entry.text) : now.state, log: [...now.log, entry] },
          );
        },
      },
      onOpen: () => setProgress((now) => ({ ...now, stream: 'live' })),
      onEnd: () => setProgress((now) => ({ ...now, stream: 'idle' })),
      onLost: () => {
        setProgress((now) => (now.state && FINAL.has(now.state) ? { ...now, stream: 'idle' } : { ...now, stream: 'lost' }));
        if (!(current.current.state && FINAL.has(current.current.state))) retry = setTimeout(() => setAttempt((n) => n + 1), FLASH_POLL_MS);
      },
    });
    return () => {
      clearTimeout(retry);
      close();
    };
  }, [active, handle, kept.data, attempt]);

  // Without the kept log the stream is not opened: the poll takes over.
  return kept.isError && progress.stream === 'idle' ? { ...progress, stream: 'lost' } : progress;
}
