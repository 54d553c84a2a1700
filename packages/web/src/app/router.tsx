// The route table, built from `paths`: every route of the spec exists with its guard. A route whose page
// is written has a lazy import in `pages`; the others show the not-found page behind their guard until
// their feature lands, so an anonymous visitor is still sent to sign-in and a user to access denied.
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, redirect, type LazyRouteFunction, type RouteObject } from 'react-router';
import { setApiNavigator } from '../shared/api-client';
import { MessagePage } from '../shared/components/message-page';
import { paths, type RouteDefinition, type RouteName } from '../shared/paths';
import { redirectSignedInUser, requireAuth } from './guards';
import { LoadingBanner, Shell } from './shell';

type LazyPage = LazyRouteFunction<RouteObject>;

const notFound: LazyPage = () => import('./not-found-page');

/** One entry per written page; a feature adds its routes here. */
const pages: Partial<Record<RouteName, LazyPage>> = {
  signin: () => import('../features/auth/pages/signin-page'),
  signout: () => import('../features/auth/pages/signout-page'),
  accessDenied: () => import('../features/auth/pages/access-denied-page'),
  accountInvalid: () => import('../features/auth/pages/account-invalid-page'),
  credentials: () => import('../features/credentials/pages/credentials-page'),
  credential: () => import('../features/credentials/pages/credential-page'),
  userCredentialNew: () => import('../features/credentials/pages/add-credential-page'),
  bookDevices: () => import('../features/reservations/pages/book-devices-page'),
  reservations: () => import('../features/reservations/pages/reservations-page'),
  reservationCreated: () => import('../features/reservations/pages/reservations-page'),
  noSshKeyValid: () => import('../features/reservations/pages/no-ssh-key-page'),
};

function routeFor(name: RouteName, route: RouteDefinition): RouteObject {
  const page: RouteObject = { index: true, lazy: pages[name] ?? notFound };
  if (route.access === 'signedIn') return { path: route.path, loader: requireAuth(route.allowedRoles), children: [page] };
  if (name === 'signin') return { path: route.path, loader: redirectSignedInUser, children: [page] };
  return { path: route.path, children: [page] };
}

function RouteError() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('LOADING_FAILED')}
      actions={
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('RELOAD')}
        </Button>
      }
    >
      <Text>{t('LOADING_FAILED_TEXT')}</Text>
    </MessagePage>
  );
}

function FirstLoad() {
  return <LoadingBanner active />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Shell,
    HydrateFallback: FirstLoad,
    children: [
      {
        // Errors of a page render inside the shell, so the navigation stays usable.
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => redirect(paths.signin.href()) },
          ...(Object.entries(paths) as [RouteName, RouteDefinition][]).map(([name, route]) => routeFor(name, route)),
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}
