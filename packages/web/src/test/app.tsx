// Renders the real route table in memory with the real providers, so that tests go through the guards,
// the lazy pages and the api-client as a person's browser would. Only fetch is replaced.
import { render } from '@testing-library/react';
import type { AuthorityName, SigninReply } from '@testbed/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { routes } from '../app/router';
import { setApiNavigator } from '../shared/api-client';
import { saveSession } from '../shared/session';

export function renderApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, location, ...view };
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
    redirectURL: `/reservations/${userId}`,
    ...overrides,
  };
}

export function signInAs(authority: AuthorityName, overrides: Partial<SigninReply> = {}): SigninReply {
  const authorities: SigninReply['authorities'] =
    authority === 'ADMIN' ? [{ authority: 'ADMIN' }, { authority: 'USER' }] : [{ authority: 'USER' }];
  const reply = signinReply({ authorities, ...overrides });
  saveSession(reply);
  return reply;
}

/** Answers fetch calls with the given JSON replies in order, and records the requests. */
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
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
