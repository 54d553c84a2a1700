import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiTokenMessages as m, type ApiToken } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signInAs } from '../../../test/app';
import { ApiTokensPage } from './api-tokens-page';

function token(tokenId: number, username: string, status: ApiToken['status']): ApiToken {
  return {
    tokenId,
    name: `script ${tokenId}`,
    scope: 'read',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: null,
    expiresAt: '2026-12-20T10:00:00.000Z',
    revokedAt: status === 'revoked' ? '2026-11-21T10:00:00.000Z' : null,
    revokedReason: status === 'revoked' ? 'account' : null,
    status,
    user: { userId: tokenId + 100, username, firstname: 'Ada', lastname: 'Lovelace' },
  };
}

function fakeServer(list: ApiToken[]) {
  const revoked: string[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET' && url === '/api/apiTokens') return json(200, list);
      if (init.method === 'DELETE') {
        revoked.push(url);
        const id = Number(url.split('/').pop());
        list = list.map((item) => (item.tokenId === id ? { ...item, status: 'revoked', revokedAt: new Date().toISOString(), revokedReason: 'admin' } : item));
        return json(200, list.find((item) => item.tokenId === id));
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return { revoked };
}

afterEach(() => vi.unstubAllGlobals());

describe('API tokens page (administrators)', () => {
  it("lists every user's tokens with their owner and revokes one after confirmation", async () => {
    signInAs('ADMIN', { userId: 1, username: 'admin' });
    const server = fakeServer([token(5, 'bob', 'active'), token(6, 'carol', 'revoked')]);
    renderRoutes('/apiTokens', { '/apiTokens': <ApiTokensPage /> });
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('api-token-row');
    expect(within(rows[0]!).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/user/105');
    expect(within(rows[0]!).getByText(m.NEVER_USED)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(m.STATUS_REVOKED)).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: `${m.REVOKE} script 5 (bob)` }));
    const dialog = await screen.findByRole('dialog', { name: m.REVOKE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: m.REVOKE }));
    await waitFor(() => expect(within(screen.getAllByTestId('api-token-row')[0]!).getByText(m.STATUS_REVOKED)).toBeInTheDocument());
    expect(server.revoked).toEqual(['/api/apiToken/5']);
  });
});
