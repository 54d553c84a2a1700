// Everything the pages rely on: theme, server state and notifications (texts are read from shared/i18n.ts).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../shared/api-client';
import { useNotificationHostWanted } from '../shared/notify';
import { useSession } from '../shared/session';
import { cssVariablesResolver, theme } from './theme';

// The host of notifications is fetched with the first notice (shared/notify.ts), which keeps its code out of
// the first page's download.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

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

/** Drops cached server data when the signed-in user changes, so one user never sees another's. */
function ForgetDataOfPreviousUser({ queryClient }: { queryClient: QueryClient }) {
  const userId = useSession().user?.userId ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== userId) {
      previous.current = userId;
      queryClient.clear();
    }
  }, [userId, queryClient]);
  return null;
}

export interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient: given }: ProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const notificationHostWanted = useNotificationHostWanted();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ForgetDataOfPreviousUser queryClient={queryClient} />
        {children}
        {notificationHostWanted && (
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
