// Route guards of the spec (accounts document, section 2), run as route loaders: they decide before a page
// is fetched or shown, and a session that ends while a page is open (sign-out, a 401 reply) moves the user
// once, by the code that ended it, rather than racing a guard that re-renders.
//   not signed in                       -> /signin?returnURL=<where they were going>
//   signed in without a listed role     -> /accessdenied
//   signed in with no token in storage  -> /signout
//   signed in and opening /signin       -> returnURL if given, else their redirectURL
// A session whose token has expired is ended here rather than by the first refused API call.
import type { AuthorityName } from '@testbed/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { afterSigninURL, paths } from '../shared/paths';
import { clearSession, getSession, hasAnyAuthority } from '../shared/session';

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

export function requireAuth(allowedRoles: readonly AuthorityName[]) {
  return ({ request }: LoaderFunctionArgs) => {
    const session = getSession();
    switch (session.status) {
      case 'anonymous':
        throw redirect(paths.signin.href({ returnURL: pathOf(request) }));
      case 'tokenMissing':
        throw redirect(paths.signout.href());
      case 'expired':
        clearSession();
        throw redirect(paths.signin.href({ disconnected: true, returnURL: pathOf(request) }));
      case 'signedIn':
        if (!hasAnyAuthority(session.user, allowedRoles)) throw redirect(paths.accessDenied.href());
        return null;
    }
  };
}

export function redirectSignedInUser({ request }: LoaderFunctionArgs) {
  const session = getSession();
  if (session.status === 'tokenMissing') throw redirect(paths.signout.href());
  if (session.status === 'signedIn' && session.user) {
    throw redirect(afterSigninURL(new URL(request.url).searchParams.get('returnURL'), session.user.redirectURL));
  }
  return null;
}
