// TanStack Query's client, which holds the server state of the pages. This module is loaded with the first
// page that reads the API (router.tsx), not with the sign-in page, which only posts its form: the client is
// about 10 KB gzip of a first load whose budget is 140 KB (docs/benchmark.md).
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a dropped connection or a 5xx may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
