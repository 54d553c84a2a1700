// TanStack Query over the endpoint table: a reply is cached under its endpoint's key (keyOf), and a change
// forgets every reply of the endpoints it touches.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallInput, Endpoint } from '@testbed/contract';
import { callWith, keyOf } from './api-client';

export { keyOf };

/** The query of one endpoint's reply. */
export function endpointQuery<E extends Endpoint>(endpoint: E, ...[input]: object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]) {
  return queryOptions({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ signal }) => callWith(endpoint, input, { signal }),
  });
}

/** An endpoint (every reply of it, whatever its params and query), or one reply's key (keyOf). */
export type Changed = Endpoint | readonly unknown[];

/** Forgets the cached replies of what changed. */
export function invalidate(queryClient: QueryClient, changed: readonly Changed[]) {
  return Promise.all(changed.map((one) => queryClient.invalidateQueries({ queryKey: Array.isArray(one) ? one : [(one as Endpoint).id] })));
}

/** A mutation that, once it succeeded, forgets the replies it changed. */
export function useChange<A, R>(mutationFn: (args: A) => Promise<R>, changed: (args: A, reply: R) => readonly Changed[]) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (reply, args) => invalidate(queryClient, changed(args, reply)) });
}
