// The route table, built from `paths`: every route of `paths` exists with its guard. A route whose page
// is written has a lazy import in page-table.ts; the others show the not-found page behind their guard until
// their feature lands, so an anonymous visitor is still sent to sign-in and a user to access denied.
// A page is a React.lazy component: the guard (a component in the main bundle) decides at once and the
// shell paints while the page's code loads. The routes are declared with <Routes>, not a data router,
// whose loaders and navigation state the app does not need and which would double React Router's share
// of the first download. What loaders did is done otherwise: the guards are components, the pages that end
// the session have it cleared by their route before they paint, and the pages of mailed links make their
// call once per visit themselves.
import { useEffect, type ReactElement } from 'react';
import { matchRoutes, Navigate, Route, Routes, useNavigate } from 'react-router';
import { setApiNavigator } from '../shared/api-client';
import { paths, type RouteDefinition, type RouteName } from '../shared/paths';
import { preloadable, type Preloadable } from '../shared/preloadable';
import { getSession } from '../shared/session';
import { EndSession, RedirectSignedInUser, RequireAuth } from './guards';
import { notFound, pages, type PageModule } from './page-table';
import { loadQueryClient } from './providers';
import { preloadNavigation, Shell } from './shell';

/** The pages that end the session: it is cleared before they paint (EndSession). */
const endingSession: ReadonlySet<RouteName> = new Set<RouteName>(['signout', 'accountDeleted']);

/**
 * The pages that read nothing from the server, whose code loads without TanStack Query's client: the sign-in
 * page, whose first load has the tightest budget (docs/benchmark.md). Every other page waits for the client.
 */
const withoutServerState: ReadonlySet<RouteName> = new Set<RouteName>(['signin']);

const pageComponent = (load: PageModule, needsServerState = true): Preloadable<object> =>
  preloadable(async () => {
    const [module] = await Promise.all([load(), needsServerState ? loadQueryClient() : undefined]);
    return module.Component;
  });
const notFoundPage = pageComponent(notFound, false);
const NotFound = notFoundPage.Component;

function guardOf(name: RouteName, route: RouteDefinition): ReactElement | undefined {
  if (route.access === 'signedIn') return <RequireAuth ability={route.ability} />;
  if (name === 'signin') return <RedirectSignedInUser />;
  if (endingSession.has(name)) return <EndSession />;
  return undefined;
}

/** Each route's page, built once: a loaded page keeps its identity and is not fetched again. */
const pageOfRoute = new Map<RouteName, Preloadable<object>>(
  (Object.keys(paths) as RouteName[]).map((name) => {
    const written = pages[name];
    return [name, written ? pageComponent(written, !withoutServerState.has(name)) : notFoundPage];
  }),
);

function routeFor(name: RouteName, route: RouteDefinition) {
  const Page = pageOfRoute.get(name)!.Component;
  return (
    <Route key={name} path={route.path} element={guardOf(name, route)}>
      <Route index element={<Page />} />
    </Route>
  );
}

/** Built once: the lazy components keep their identity, so a loaded page is not fetched again. */
const routes = (
  <Route element={<Shell />}>
    <Route index element={<Navigate to={paths.signin.href()} replace />} />
    {(Object.entries(paths) as [RouteName, RouteDefinition][]).map(([name, route]) => routeFor(name, route))}
    <Route path="*" element={<NotFound />} />
  </Route>
);

const routeMatchers = (Object.entries(paths) as [RouteName, RouteDefinition][]).map(([name, route]) => ({ id: name, path: route.path }));

/**
 * Fetches the code of the page at `location` (and of the navigation, for a signed-in user), so that the first
 * render shows the page rather than a fallback (main.tsx), then starts the page's first reads (its `prefetch`)
 * while the page renders. Not sooner: the server answers a script behind a read it is making, and the page's
 * heading would wait for the reads. Never rejects: a page whose code failed to come shows the route's error
 * when it renders.
 */
export async function preloadPage(location: { pathname: string; search: string }): Promise<void> {
  // The index route sends to sign-in.
  const match = location.pathname === '/' ? undefined : matchRoutes(routeMatchers, location.pathname)?.[0];
  const name = location.pathname === '/' ? 'signin' : (match?.route.id as RouteName | undefined);
  const page = name ? pageOfRoute.get(name)! : notFoundPage;
  await Promise.allSettled([page.preload(), getSession().user ? preloadNavigation() : undefined]);
  const load = name && !withoutServerState.has(name) ? pages[name] : undefined;
  if (!load) return;
  try {
    // In by now, as the query client: the reads start before the first render.
    const [module, queryClient] = await Promise.all([load(), loadQueryClient()]);
    module.prefetch?.(queryClient, match?.params ?? {}, new URLSearchParams(location.search));
  } catch {
    // Code that failed to come: the page shows the route's error as it renders.
  }
}

/** Hands the router's navigate to the api client, which moves the user on a 401 and the like. */
function ApiNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setApiNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);
  return null;
}

/** The app's routes, rendered inside a router (BrowserRouter in the app, MemoryRouter in tests). */
export function AppRoutes() {
  return (
    <>
      <ApiNavigator />
      <Routes>{routes}</Routes>
    </>
  );
}
