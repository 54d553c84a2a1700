// Renders the real route table in memory with the real providers (renderApp), so that tests go through the
// guards, the lazy pages and the api-client as a person's browser would; or a few routes around one page
// (renderRoutes). Only fetch is replaced.
import { act, render } from '@testing-library/react';
import { SIGNED_IN_ACTION_NAMES, type AuthorityName, type SessionAbilities, type SignedInAction, type SigninReply } from '@testbed/contract';
import { Fragment, StrictMode, useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location, type NavigateFunction, type NavigateOptions } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/server-state';
import { AppRoutes } from '../app/router';
import { saveSession } from '../shared/session';

interface RouterProbe {
  navigate?: NavigateFunction;
  location?: Location;
}

/** Hands the test the router's navigate and current location, as a component inside the router sees them. */
function Probe({ probe }: { probe: RouterProbe }) {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => {
    probe.navigate = navigate;
    probe.location = location;
  }, [probe, navigate, location]);
  return null;
}

/** Renders `routes` in a memory router at `url`, with a fresh query client unless `strict` asks for StrictMode too. */
function renderInRouter(url: string, routes: ReactElement, { strict = false }: { strict?: boolean } = {}) {
  const probe: RouterProbe = {};
  const Mode = strict ? StrictMode : Fragment;
  const view = render(
    <Mode>
      <Providers queryClient={createQueryClient()} env="test">
        <MemoryRouter initialEntries={[url]}>
          <Probe probe={probe} />
          {routes}
        </MemoryRouter>
      </Providers>
    </Mode>,
  );
  const current = () => {
    if (!probe.location) throw new Error('the router has not rendered');
    return probe.location;
  };
  return {
    /** The current path and query string. */
    location: () => `${current().pathname}${current().search}`,
    pathname: () => current().pathname,
    search: () => new URLSearchParams(current().search),
    /** Moves as a link or the code of a page would. */
    navigate: async (to: string, options?: NavigateOptions) => {
      await act(async () => {
        await probe.navigate?.(to, options);
      });
    },
    ...view,
  };
}

/** The whole app at `url`. `strict`: under StrictMode, as main.tsx renders it, with its double renders and effects. */
export function renderApp(url: string, options: { strict?: boolean } = {}) {
  return renderInRouter(url, <AppRoutes />, options);
}

/** Only the given routes (path pattern to element), for a page tested on its own. */
export function renderRoutes(url: string, routes: Record<string, ReactElement>) {
  return renderInRouter(
    url,
    <Routes>
      {Object.entries(routes).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>,
  );
}

/** What the server's policies let anyone holding the USER role do (its auth test holds the same). */
const MEMBER_ABILITIES: ReadonlySet<SignedInAction> = new Set<SignedInAction>([
  'session:read',
  'portal:use',
  'user:search',
  'employers:read',
  'devices:read',
  'reservation:search',
  'flash:own-jobs',
  'maintenance:read',
  'catalogue:read',
]);

/** The abilities of the sign-in reply for a user holding `authority`: an administrator may do all but mint another's token. */
export function abilitiesOf(authority: AuthorityName): SessionAbilities {
  return Object.fromEntries(
    SIGNED_IN_ACTION_NAMES.map((action) => [action, authority === 'ADMIN' ? action !== 'api-token:create' : MEMBER_ABILITIES.has(action)]),
  ) as SessionAbilities;
}

export function signinReply(overrides: Partial<SigninReply> = {}): SigninReply {
  const userId = overrides.userId ?? 7;
  return {
    accessToken: 'header.payload.signature',
    tokenType: 'Bearer',
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    userId,
    username: 'alice',
    authorities: [{ authority: 'USER' }],
    hasSshKey: true,
    timeZone: null,
    redirectURL: '/home',
    abilities: abilitiesOf('USER'),
    ...overrides,
  };
}

export function signInAs(authority: AuthorityName, overrides: Partial<SigninReply> = {}): SigninReply {
  const authorities: SigninReply['authorities'] =
    authority === 'ADMIN' ? [{ authority: 'ADMIN' }, { authority: 'USER' }] : [{ authority: 'USER' }];
  const reply = signinReply({ authorities, abilities: abilitiesOf(authority), ...overrides });
  saveSession(reply);
  return reply;
}

/**
 * Answers fetch calls with the given JSON replies in order, and records the requests. The frame's own read of the
 * notifications (the header's bell, on every signed-in page) is answered with none, outside the queue and the
 * record: the queue is the page's calls.
 */
export function mockFetch(...replies: Array<{ status: number; body?: unknown; headers?: Record<string, string> }>) {
  const queue = [...replies];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected fetch call');
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json', ...next.headers },
    });
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/notifications' && (init?.method ?? 'GET') === 'GET') {
      return new Response(JSON.stringify({ notifications: [], unread: 0 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return fetchMock(input, init);
  });
  return fetchMock;
}
