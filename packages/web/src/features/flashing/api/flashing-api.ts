// Calls of the flash screen (the flash service), their query options and hooks.
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  checkFlashingReplySchema,
  flashBatchReplySchema,
  flashHistorySchema,
  flashJobDetailSchema,
  flashJobListSchema,
  flashStreamTicketSchema,
  flashNodesListSchema,
  flashNodesReplySchema,
  FLASH_POLL_MS,
  meReplySchema,
  type FlashBatchRequest,
  type FlashJob,
  type FlashNodesRequest,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';
import { isActive } from '../flash-state';

export const flashingKeys = {
  nodes: ['flashing', 'nodes'] as const,
  jobs: ['flashing', 'jobs'] as const,
  check: (handle: string) => ['flashing', 'check', handle] as const,
};

export const flashNodesOptions = queryOptions({
  queryKey: flashingKeys.nodes,
  queryFn: async ({ signal }) => flashNodesListSchema.parse(await api.get<unknown>('/api/getNodes', { signal })),
});

export const flashJobsOptions = queryOptions({
  queryKey: flashingKeys.jobs,
  queryFn: async ({ signal }) => flashJobListSchema.parse(await api.get<unknown>('/api/flashJobs', { signal })),
});

/**
 * The newest status of a job, asked every 10 seconds while it runs (spec section 9); a failed call is
 * tried again at the next beat.
 */
export function checkFlashingOptions(handle: string, running: boolean) {
  return queryOptions({
    queryKey: flashingKeys.check(handle),
    queryFn: async ({ signal }) => checkFlashingReplySchema.parse(await api.post<unknown>('/api/checkFlashing', { handle }, { signal })),
    enabled: running,
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data.state) ? false : FLASH_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/** The signed-in user as the server knows them now: a key added since sign-in counts. */
export const meOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async ({ signal }) => meReplySchema.parse(await api.get<unknown>('/api/auth/me', { signal })),
  staleTime: 0,
});

export function useMe(enabled = true) {
  return useQuery({ ...meOptions, enabled });
}

/** Starts a flash; the new job goes to the top of the list at once. */
export function useStartFlash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: FlashNodesRequest & { ip: string }) => {
      const { ip, ...body } = request;
      const reply = flashNodesReplySchema.parse(await api.post<unknown>('/api/flashNodes', body));
      const job: FlashJob = {
        handle: reply.value2,
        deviceType: body.deviceType,
        device: body.device,
        ip,
        image: body.image,
        state: 'pending',
        statusLine: null,
        error: null,
        startedAt: new Date(reply.value1 * 1000).toISOString(),
        finishedAt: null,
      };
      return job;
    },
    onSuccess: (job) => {
      queryClient.setQueryData<FlashJob[]>(flashingKeys.jobs, (jobs) => [job, ...(jobs ?? []).filter((other) => other.handle !== job.handle)]);
      void queryClient.invalidateQueries({ queryKey: flashingKeys.nodes });
      void queryClient.invalidateQueries({ queryKey: ['flashing', 'history'] });
    },
  });
}

export const flashHistoryKeys = {
  history: ['flashing', 'history'] as const,
  job: (handle: string) => ['flashing', 'job', handle] as const,
};

/** My flash history, a page at a time (newest first). */
export function flashHistoryOptions() {
  return infiniteQueryOptions({
    queryKey: flashHistoryKeys.history,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      flashHistorySchema.parse(
        await api.get<unknown>('/api/flashJobs/history', { signal, query: { limit: 10, ...(pageParam ? { before: pageParam } : {}) } }),
      ),
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export function flashJobOptions(handle: string) {
  return queryOptions({
    queryKey: flashHistoryKeys.job(handle),
    queryFn: async ({ signal }) => flashJobDetailSchema.parse(await api.get<unknown>(`/api/flashJobs/${encodeURIComponent(handle)}`, { signal })),
  });
}

/** A single-use ticket for the job's progress stream (EventSource cannot send the bearer header). */
export async function fetchStreamTicket(handle: string): Promise<string> {
  return flashStreamTicketSchema.parse(await api.post<unknown>(`/api/flashJobs/${encodeURIComponent(handle)}/streamTicket`)).ticket;
}

/** Flashes several devices with one image: each device its own job; the refused ones come back with their reason. */
export function useStartBatchFlash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: FlashBatchRequest) => flashBatchReplySchema.parse(await api.post<unknown>('/api/flashJobs/batch', request)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: flashingKeys.jobs });
      void queryClient.invalidateQueries({ queryKey: flashingKeys.nodes });
      void queryClient.invalidateQueries({ queryKey: flashHistoryKeys.history });
    },
  });
}
