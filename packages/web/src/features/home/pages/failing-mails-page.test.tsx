import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { homeMessages, type FailingMail, type FailingMailList } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailingMailsPage } from './failing-mails-page';
import { renderRoutes, signInAs } from '../../../test/app';

function mail(id: number, to: string, nextAttemptAt: string): FailingMail {
  return { id, to, subject: `Subject ${id}`, attempts: 4, lastError: `connect ECONNREFUSED ${id}`, createdAt: '2026-11-26T10:00:00.000Z', nextAttemptAt };
}

function fakeServer(reply: FailingMailList) {
  const retried: string[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET' && url === '/api/failingMails') return json(200, reply);
      if (init.method === 'POST' && /^\/api\/failingMails\/\d+\/retry$/.test(url)) {
        retried.push(url);
        const id = Number(url.split('/')[3]);
        const found = reply.mails.find((item) => item.id === id)!;
        found.nextAttemptAt = new Date().toISOString();
        return json(200, found);
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return { retried };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Failing mails page', () => {
  it('lists each failing mail with its recipient, attempts and last error, and retries one at once', async () => {
    signInAs('ADMIN', { userId: 1, username: 'admin' });
    const server = fakeServer({ mails: [mail(7, 'ada@example.org', '2026-11-27T12:00:00.000Z'), mail(5, 'bob@example.org', '2026-11-27T13:00:00.000Z')], total: 2 });
    renderRoutes('/failingMails', { '/failingMails': <FailingMailsPage /> });
    const table = await screen.findByRole('table', { name: homeMessages.FAILING_MAILS });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['ada@example.org', 'bob@example.org']);
    expect(within(rows[0]!).getByText('connect ECONNREFUSED 7')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('cell')[2]!.textContent).toBe('4');
    expect(screen.queryByText(/Showing the newest/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry the mail to bob@example.org now' }));
    await waitFor(() => expect(server.retried).toEqual(['/api/failingMails/5/retry']));
  });

  it('says when every mail went out, and when only the newest are shown', async () => {
    signInAs('ADMIN', { userId: 1, username: 'admin' });
    fakeServer({ mails: [], total: 0 });
    const { unmount } = renderRoutes('/failingMails', { '/failingMails': <FailingMailsPage /> });
    expect(await screen.findByText(homeMessages.NO_FAILING_MAIL)).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    fakeServer({ mails: [mail(9, 'cy@example.org', '2026-11-27T12:00:00.000Z')], total: 250 });
    renderRoutes('/failingMails', { '/failingMails': <FailingMailsPage /> });
    expect(await screen.findByText('Showing the newest 1 of 250.')).toBeInTheDocument();
  });
});
