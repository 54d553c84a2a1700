// Calls of the flash screen (devices document, section 7: flash service), their query options and hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkFlashingReplySchema,
  flashJobListSchema,
  flashNodesListSchema,
  flashNodesReplySchema,
  FLASH_POLL_MS,
  meReplySchema,
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
    },
  });
}
