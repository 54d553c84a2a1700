// Everything the pages rely on: theme, i18n, server state, modals and notifications.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../shared/api-client';
import { createI18n } from '../shared/i18n';
import { useSession } from '../shared/session';
import { cssVariablesResolver, theme } from './theme';

// The hosts of notifications and modals are fetched after the first page is shown, which keeps the modal,
// overlay and scroll-area code out of the sign-in page's download. `notifications.show()` queues until
// its host arrives. Modals are opened with the `modals` API of @mantine/modals (`modals.openConfirmModal`
// ...), which reaches the provider through window events: the provider needs no children for that.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));
const ModalsProvider = lazy(() => import('@mantine/modals').then((module) => ({ default: module.ModalsProvider })));

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
  const [i18n] = useState(createI18n);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <ForgetDataOfPreviousUser queryClient={queryClient} />
          {children}
          <Suspense fallback={null}>
            <ModalsProvider />
            <Notifications position="top-right" />
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
