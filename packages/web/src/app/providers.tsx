// Everything the pages rely on: theme, server state and notifications (texts are the contract's catalogues).
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
// Only the context of TanStack Query: its client comes with the first page that reads the API (server-state.ts).
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useNotificationHostWanted } from '../shared/notify';
import { useSession } from '../shared/session';
import { cssVariablesResolver, theme } from './theme';

// The host of notifications is fetched with the first notice (shared/notify.ts), which keeps its code out of
// the first page's download.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

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

let appQueryClient: QueryClient | undefined;
let loadingQueryClient: Promise<QueryClient> | undefined;
const queryClientListeners = new Set<() => void>();

function subscribeQueryClient(listener: () => void) {
  queryClientListeners.add(listener);
  return () => void queryClientListeners.delete(listener);
}

/**
 * Loads the app's query client, once. Every page that reads the API waits for it before it renders
 * (router.tsx), so that its hooks find the client in the context; a first load's page starts its reads on it
 * before it renders (its `prefetch`).
 */
export function loadQueryClient(): Promise<QueryClient> {
  loadingQueryClient ??= import('./server-state').then(({ createQueryClient }) => {
    const client = createQueryClient();
    appQueryClient = client;
    for (const listener of queryClientListeners) listener();
    return client;
  });
  return loadingQueryClient;
}

export interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' in component tests: Mantine then renders without transitions, which jsdom does not always finish. */
  env?: 'default' | 'test';
}

export function Providers({ children, queryClient: given, env = 'default' }: ProvidersProps) {
  const loaded = useSyncExternalStore(subscribeQueryClient, () => appQueryClient);
  const queryClient = given ?? loaded;
  // What QueryClientProvider does, on a context that is there before the client: the tree under it keeps its
  // place when the client arrives, where a provider put in then would mount the whole app again.
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  const notificationHostWanted = useNotificationHostWanted();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <QueryClientContext.Provider value={queryClient}>
        {queryClient && <ForgetDataOfPreviousUser queryClient={queryClient} />}
        {children}
        {notificationHostWanted && (
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
        )}
      </QueryClientContext.Provider>
    </MantineProvider>
  );
}
