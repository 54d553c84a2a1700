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
import { openTicketedStream } from '../../../shared/ticketed-stream';

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
    let retry: ReturnType<typeof setTimeout> | undefined;
    const close = openTicketedStream({
      what: 'experiment stream',
      ticket: async () => (await call(experiments.streamTicket, { params: { id } })).ticket,
      url: (ticket) => urlOf(experiments.events, { params: { id }, query: { ticket } }),
      on: {
        experiment: (data) => {
          const next = experimentSchema.parse(data);
          const before = queryClient.getQueryData<Experiment>(key);
          queryClient.setQueryData(key, next);
          if (next.state === 'ready' && before?.state !== 'ready') void invalidate(queryClient, [notificationsEndpoints.mine]);
        },
      },
      onOpen: () => setStream('live'),
      onEnd: () => {
        setStream('idle');
        // The list of experiments shows its new state too.
        void invalidate(queryClient, [experiments.mine, experiments.all]);
      },
      onLost: () => {
        setStream('lost');
        // A read makes up for what the stream missed; the next stream is tried a little later.
        void invalidate(queryClient, [key]);
        retry = setTimeout(() => setAttempt((n) => n + 1), FLASH_POLL_MS);
      },
    });
    return () => {
      clearTimeout(retry);
      close();
    };
  }, [id, known, over, attempt, queryClient]);

  return stream;
}
