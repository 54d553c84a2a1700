// The route table, built from `paths`: every route of `paths` exists with its guard. A route whose page
// is written has a lazy import in `pages`; the others show the not-found page behind their guard until
// their feature lands, so an anonymous visitor is still sent to sign-in and a user to access denied.
// A page is a React.lazy component: the guard (a component in the main bundle) decides at once and the
// shell paints while the page's code loads. The routes are declared with <Routes>, not a data router,
// whose loaders and navigation state the app does not need and which would double React Router's share
// of the first download. What loaders did is done otherwise: the guards are components, the pages that end
// the session have it cleared by their route before they paint, and the pages of mailed links make their
// call once per visit themselves.
import { useEffect, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, Route, Routes, useNavigate } from 'react-router';
import { setApiNavigator } from '../shared/api-client';
import { paths, type RouteDefinition, type RouteName } from '../shared/paths';
import { preloadable, type Preloadable } from '../shared/preloadable';
import { getSession } from '../shared/session';
import { EndSession, RedirectSignedInUser, RequireAuth } from './guards';
import { loadQueryClient } from './providers';
import { preloadNavigation, Shell } from './shell';

type PageModule = () => Promise<{ Component: ComponentType }>;

const notFound: PageModule = () => import('./not-found-page');

/** One entry per written page; a feature adds its routes here. */
export const pages: Partial<Record<RouteName, PageModule>> = {
  signin: () => import('../features/auth/pages/signin-page'),
  home: () => import('../features/home/pages/home-page'),
  help: () => import('../features/help/pages/help-page'),
  helpTopic: () => import('../features/help/pages/help-page'),
  signout: () => import('../features/auth/pages/signout-page'),
  accessDenied: () => import('../features/auth/pages/access-denied-page'),
  accountInvalid: () => import('../features/auth/pages/account-invalid-page'),
  signup: () => import('../features/registration/pages/signup-page'),
  registrationPending: () => import('../features/registration/pages/registration-pending-page'),
  confirmEmail: () => import('../features/registration/pages/confirm-email-page'),
  confirmUserAccount: () => import('../features/registration/pages/confirm-user-account-page'),
  credentials: () => import('../features/credentials/pages/credentials-page'),
  credential: () => import('../features/credentials/pages/credential-page'),
  userCredentialNew: () => import('../features/credentials/pages/add-credential-page'),
  credentialNew: () => import('../features/credentials/pages/new-credential-page'),
  roles: () => import('../features/roles/pages/roles-page'),
  role: () => import('../features/roles/pages/role-page'),
  roleNew: () => import('../features/roles/pages/new-role-page'),
  groups: () => import('../features/groups/pages/groups-page'),
  group: () => import('../features/groups/pages/group-page'),
  groupNew: () => import('../features/groups/pages/new-group-page'),
  groupTypes: () => import('../features/groups/pages/group-types-page'),
  groupType: () => import('../features/groups/pages/group-type-page'),
  groupTypeNew: () => import('../features/groups/pages/new-group-type-page'),
  employerTypes: () => import('../features/reference-lists/pages/employer-types-page'),
  professionalStatusList: () => import('../features/reference-lists/pages/professional-status-list-page'),
  bookDevices: () => import('../features/reservations/pages/book-devices-page'),
  reservations: () => import('../features/reservations/pages/reservations-page'),
  reservationCreated: () => import('../features/reservations/pages/reservations-page'),
  noSshKeyValid: () => import('../features/reservations/pages/no-ssh-key-page'),
  users: () => import('../features/users/pages/users-page'),
  apiTokens: () => import('../features/users/pages/api-tokens-page'),
  usagePolicies: () => import('../features/usage-policies/pages/usage-policies-page'),
  user: () => import('../features/users/pages/user-page'),
  userNew: () => import('../features/users/pages/user-new-page'),
  employers: () => import('../features/employers/pages/employers-page'),
  employerNew: () => import('../features/employers/pages/employer-page'),
  employer: () => import('../features/employers/pages/employer-page'),
  userEmployerNew: () => import('../features/employers/pages/user-employer-new-page'),
  userEmployer: () => import('../features/employers/pages/user-employer-page'),
  intendedUsages: () => import('../features/intended-usages/pages/intended-usages-page'),
  intendedUsageNew: () => import('../features/intended-usages/pages/intended-usage-new-page'),
  flashNodes: () => import('../features/flashing/pages/flash-nodes-page'),
  flashJob: () => import('../features/flashing/pages/flash-job-page'),
  experiments: () => import('../features/experiments/pages/experiments-page'),
  experimentNew: () => import('../features/experiments/pages/new-experiment-page'),
  experiment: () => import('../features/experiments/pages/experiment-page'),
  deviceHealth: () => import('../features/device-health/pages/device-health-page'),
  statistics: () => import('../features/insight/pages/statistics-page'),
  auditLog: () => import('../features/insight/pages/audit-log-page'),
  failingMails: () => import('../features/home/pages/failing-mails-page'),
  maintenance: () => import('../features/catalogue/pages/maintenance-page'),
  images: () => import('../features/images/pages/images-page'),
  adminImages: () => import('../features/images/pages/admin-images-page'),
  devices: () => import('../features/catalogue/pages/devices-page'),
  passwordForgotten: () => import('../features/account-security/pages/password-forgotten-page'),
  invalidToken: () => import('../features/account-security/pages/invalid-token-page'),
  resetPassword: () => import('../features/account-security/pages/reset-password-page'),
  confirmChangeEmail: () => import('../features/account-security/pages/confirm-change-email-page'),
  accountDeleted: () => import('../features/account-security/pages/account-deleted-page'),
  changePassword: () => import('../features/account-security/pages/change-password-page'),
  changePasswordByAdmin: () => import('../features/account-security/pages/change-password-by-admin-page'),
  infoChangePasswordByAdmin: () => import('../features/account-security/pages/info-change-password-by-admin-page'),
  changeEmail: () => import('../features/account-security/pages/change-email-page'),
  changeEmailByAdmin: () => import('../features/account-security/pages/change-email-by-admin-page'),
  infoChangeEmail: () => import('../features/account-security/pages/info-change-email-page'),
  infoChangeEmailByAdmin: () => import('../features/account-security/pages/info-change-email-by-admin-page'),
  deleteAccount: () => import('../features/account-security/pages/delete-account-page'),
  validateAccounts: () => import('../features/account-validation/pages/validate-accounts-page'),
  displayValidationPendingAccounts: () => import('../features/account-validation/pages/pending-accounts-page'),
  importAccounts: () => import('../features/account-validation/pages/import-accounts-page'),
  updateAccount: () => import('../features/account-validation/pages/update-account-page'),
  updateAccountPending: () => import('../features/account-validation/pages/update-account-pending-page'),
  accountAlreadyUpdatedByUser: () => import('../features/account-validation/pages/account-already-updated-page'),
  confirmUserAccountUpdate: () => import('../features/account-validation/pages/confirm-account-update-page'),
};

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
 * Fetches the code of the page at `pathname` (and of the navigation, for a signed-in user), so that the first
 * render shows the page rather than a fallback (main.tsx). Never rejects: a page whose code failed to come
 * shows the route's error when it renders.
 */
export async function preloadPage(pathname: string): Promise<void> {
  // The index route sends to sign-in.
  const name = pathname === '/' ? 'signin' : (matchRoutes(routeMatchers, pathname)?.[0]?.route.id as RouteName | undefined);
  const page = name ? pageOfRoute.get(name)! : notFoundPage;
  await Promise.allSettled([page.preload(), getSession().user ? preloadNavigation() : undefined]);
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
