// Calls of the flash screen (the flash service), their query options and hooks, each calling its endpoint of
// the contract's table.
import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FLASH_POLL_MS, type FlashBatchRequest, type FlashJob, type FlashNodesRequest } from '@testbed/contract';
import { authEndpoints as auth } from '@testbed/contract/endpoints/auth';
import { flashingEndpoints as flashing } from '@testbed/contract/endpoints/flashing';
import { imagesEndpoints as images } from '@testbed/contract/endpoints/images';
import { call } from '../../../shared/api-client';
import { endpointQuery, invalidate, keyOf } from '../../../shared/endpoint-query';
import { isActive } from '../flash-state';

export const flashNodesOptions = endpointQuery(flashing.nodes);
/** The images the user may flash on a type: the operator's first, then their own, their groups', the public ones. */
export const flashableImagesOptions = (deviceType: string) => endpointQuery(images.flashable, { query: { deviceType } });
export const flashJobsOptions = endpointQuery(flashing.jobs);
/** The status of a job is asked with its handle in the body: the handle ends the key. */
const checkKey = (handle: string) => [...keyOf(flashing.checkFlashing), handle];
export const flashJobKey = (handle: string) => keyOf(flashing.job, { params: { handle } });

/**
 * The newest status of a job, asked every 10 seconds while it runs (spec section 9); a failed call is
 * tried again at the next beat.
 */
export function checkFlashingOptions(handle: string, running: boolean) {
  return queryOptions({
    queryKey: checkKey(handle),
    queryFn: ({ signal }) => call(flashing.checkFlashing, { body: { handle } }, { signal }),
    enabled: running,
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data.state) ? false : FLASH_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/** The signed-in user as the server knows them now: a key added since sign-in counts. */
export const meOptions = queryOptions({ ...endpointQuery(auth.me), staleTime: 0 });

export function useMe(enabled = true) {
  return useQuery({ ...meOptions, enabled });
}

/** What a job's start or end changes: the lists of jobs and devices, and the history. */
export function useFlashListsRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    (handle?: string) => {
      void invalidate(queryClient, [flashing.jobs, flashing.nodes, flashing.history]);
      if (handle) void queryClient.invalidateQueries({ queryKey: checkKey(handle), refetchType: 'none' });
    },
    [queryClient],
  );
}

/** Starts a flash; the new job goes to the top of the list at once. */
export function useStartFlash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: FlashNodesRequest & { ip: string }) => {
      const { ip, ...body } = request;
      const reply = await call(flashing.flash, { body });
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
      queryClient.setQueryData<FlashJob[]>(keyOf(flashing.jobs), (jobs) => [job, ...(jobs ?? []).filter((other) => other.handle !== job.handle)]);
      void invalidate(queryClient, [flashing.nodes, flashing.history]);
    },
  });
}

/** My flash history, a page at a time (newest first). */
export function flashHistoryOptions() {
  return infiniteQueryOptions({
    queryKey: keyOf(flashing.history),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => call(flashing.history, { query: { limit: 10, ...(pageParam ? { before: pageParam } : {}) } }, { signal }),
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export const flashJobOptions = (handle: string) => endpointQuery(flashing.job, { params: { handle } });

/** A single-use ticket for the job's progress stream (EventSource cannot send the bearer header). */
export async function fetchStreamTicket(handle: string): Promise<string> {
  return (await call(flashing.streamTicket, { params: { handle } })).ticket;
}

/** Flashes several devices with one image: each device its own job; the refused ones come back with their reason. */
export function useStartBatchFlash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FlashBatchRequest) => call(flashing.flashBatch, { body: request }),
    onSuccess: () => void invalidate(queryClient, [flashing.jobs, flashing.nodes, flashing.history]),
  });
}
