// An experiment as it changes, through its stream (Server-Sent Events, opened with a single-use ticket since
// EventSource cannot send the bearer header): each `experiment` event replaces the page's cached reply. When the
// stream is lost the experiment is read once and a new stream (a new ticket) is tried 10 s later; once it is
// over there is nothing left to follow. Its becoming ready brings the new notification to the header's bell.
import { useQueryClient } from '@tanstack/react-query';
import { experimentSchema, FINISHED_EXPERIMENT_STATES, FLASH_POLL_MS, urlOf, type Experiment } from '@testbed/contract';
import { experimentsEndpoints as experiments } from '@testbed/contract/endpoints/experiments';
import { notificationsEndpoints } from '@testbed/contract/endpoints/notifications';
import { useEffect, useState } from 'react';
import { call } from '../../../shared/api-client';
import { invalidate, keyOf } from '../../../shared/endpoint-query';
import { reportFailure } from '../../../shared/report-failure';

/** 'live' while the stream runs, 'lost' while it is down (a read, then a new stream), 'idle' before or once over. */
export type ExperimentStream = 'idle' | 'live' | 'lost';

export function useExperimentStream(id: number, current: Experiment | undefined): ExperimentStream {
  const queryClient = useQueryClient();
  const [stream, setStream] = useState<ExperimentStream>('idle');
  const [attempt, setAttempt] = useState(0);
  const over = current ? FINISHED_EXPERIMENT_STATES.includes(current.state) : false;
  const known = current !== undefined;

  useEffect(() => {
    if (!known || over) return;
    const key = keyOf(experiments.get, { params: { id } });
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const lost = () => {
      source?.close();
      if (stopped) return;
      setStream('lost');
      // A read makes up for what the stream missed; the next stream is tried a little later.
      void invalidate(queryClient, [key]);
      retry = setTimeout(() => setAttempt((n) => n + 1), FLASH_POLL_MS);
    };
    call(experiments.streamTicket, { params: { id } })
      .then(({ ticket }) => {
        if (stopped) return;
        source = new EventSource(urlOf(experiments.events, { params: { id }, query: { ticket } }));
        source.addEventListener('open', () => setStream('live'));
        source.addEventListener('experiment', (event) => {
          const next = experimentSchema.parse(JSON.parse((event as MessageEvent<string>).data));
          const before = queryClient.getQueryData<Experiment>(key);
          queryClient.setQueryData(key, next);
          if (next.state === 'ready' && before?.state !== 'ready') void invalidate(queryClient, [notificationsEndpoints.mine]);
        });
        source.addEventListener('end', () => {
          source?.close();
          setStream('idle');
          // The list of experiments shows its new state too.
          void invalidate(queryClient, [experiments.mine, experiments.all]);
        });
        // EventSource would reopen with the used ticket: it is closed and a new one asked for.
        source.addEventListener('error', lost);
      })
      .catch((error: unknown) => {
        reportFailure('experiment stream could not be opened', error);
        lost();
      });
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [id, known, over, attempt, queryClient]);

  return stream;
}
