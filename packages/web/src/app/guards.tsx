// Route guards (docs/web-app.md), rendered around the page of a route: they send
// the visitor elsewhere with <Navigate replace> before the page is fetched or shown, else render it.
//   not signed in                       -> /signin?returnURL=<where they were going>
//   signed in without the route's ability -> /accessdenied
//   signed in with no token in storage  -> /signout
//   signed in and opening /signin       -> returnURL if given, else their redirectURL
// A session that ends while a page is open (sign-out, a 401 reply) moves the user once, by the code that
// ended it, rather than racing a guard that re-renders: a guard decides at navigation, from the session as it
// is when the location changes, and not again when the session changes under an open page.
// A session whose token has expired is ended here rather than by the first refused API call.
import type { SignedInAction } from '@testbed/contract';
import { Suspense, useLayoutEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { afterSigninURL, paths } from '../shared/paths';
import { clearSession, getSession, may } from '../shared/session';
import { LoadingBanner } from './shell';

type Decision = { to: string; endSession?: boolean } | null;

/**
 * The guard's decision for the current navigation. It is memoised on the location's key, which changes
 * with every navigation and only then: the session is read when the user arrives, and a session that
 * changes while the page is open (a sign-out, whose own code moves the user) does not make the guard
 * redirect a second time. `decide` reads the path it needs from the same location.
 */
function useDecisionPerNavigation(decide: (path: string, search: string) => Decision): Decision {
  const { key, pathname, search } = useLocation();
  // Keyed on the navigation (pathname and search only change along with key), not on `decide`, a new
  // closure at every render: nothing but a navigation recomputes the decision.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const decision = useMemo(() => decide(pathname, search), [key, pathname, search]);
  useLayoutEffect(() => {
    if (decision?.endSession) clearSession();
  }, [decision]);
  return decision;
}

function Guarded({ decision }: { decision: Decision }) {
  return decision ? <Navigate to={decision.to} replace /> : <Outlet />;
}

export function RequireAuth({ ability }: { ability: SignedInAction }) {
  const decision = useDecisionPerNavigation((pathname, search) => {
    const returnURL = `${pathname}${search}`;
    const session = getSession();
    switch (session.status) {
      case 'anonymous':
        return { to: paths.signin.href({ returnURL }) };
      case 'tokenMissing':
        return { to: paths.signout.href() };
      case 'expired':
        return { to: paths.signin.href({ disconnected: true, returnURL }), endSession: true };
      case 'signedIn':
        return may(session.user, ability) ? null : { to: paths.accessDenied.href() };
    }
  });
  return <Guarded decision={decision} />;
}

export function RedirectSignedInUser() {
  const decision = useDecisionPerNavigation((_pathname, search) => {
    const session = getSession();
    if (session.status === 'tokenMissing') return { to: paths.signout.href() };
    if (session.status === 'signedIn' && session.user) {
      return { to: afterSigninURL(new URLSearchParams(search).get('returnURL'), session.user.redirectURL) };
    }
    return null;
  });
  return <Guarded decision={decision} />;
}

/**
 * Around the pages that end the session (signout, accountDeleted): the session is cleared before the first
 * paint, so the signed-in navigation of the shell never shows on them, not even while the page's code loads.
 * The app drops its cached server data when the session ends.
 */
export function EndSession() {
  // Per arrival, not per mount: the element stays mounted from one of these pages to the other.
  const { key } = useLocation();
  useLayoutEffect(() => {
    clearSession();
  }, [key]);
  // A boundary of its own: under the shell's, a page still loading would hold this component back from the
  // screen, and its effect with it, while the frame shows.
  return (
    <Suspense fallback={<LoadingBanner />}>
      <Outlet />
    </Suspense>
  );
}
