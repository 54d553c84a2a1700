import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { credentialMessages, type Credential } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CredentialsPage } from './credentials-page';
import { renderRoutes, signInAs } from '../../../test/app';

const DATA = 'AAAAC3NzaC1lZDI1NTE5AAAAIGjmPhIjdMfziWNFL+4wsS04TXE5yfaEtcF6dkmjhPcH';

function signInAdmin(userId: number) {
  signInAs('ADMIN', { userId, username: 'admin' });
}

function credential(id: number, userId: number, username: string): Credential {
  return {
    credentialId: id,
    sshKey: `ssh-ed25519 ${DATA} ${username}@host`,
    fingerprint: `SHA256:fingerprint${id}`,
    keyType: 'ssh-ed25519',
    createdAt: '2026-11-21T10:00:00.000Z',
    user: { userId, firstname: `First${userId}`, lastname: `Last${userId}`, username },
  };
}

function fakeServer(list: Credential[]) {
  const deleted: string[] = [];
  let release: () => void = () => {};
  const listed = new Promise<void>((resolve) => (release = resolve));
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET' && url === '/api/credentials') {
        await listed;
        return json(200, list);
      }
      if (init.method === 'DELETE') {
        deleted.push(url);
        const id = Number(url.split('/').pop());
        const gone = list.find((item) => item.credentialId === id)!;
        list = list.filter((item) => item.credentialId !== id);
        return json(200, {
          credentialId: id,
          userId: gone.user.userId,
          lastKey: !list.some((item) => item.user.userId === gone.user.userId),
        });
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return { deleted, release: () => release() };
}

function renderPage() {
  return renderRoutes('/credentials', { '/credentials': <CredentialsPage />, '/credential/:id': <p>Details page</p>, '/signin': <p>Sign-in page</p> });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Credentials list page', () => {
  it('shows a progress bar while loading, then each key shortened with its fingerprint and owner', async () => {
    signInAdmin(1);
    const server = fakeServer([credential(10, 2, 'bob'), credential(11, 3, 'carol')]);
    renderPage();
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    server.release();
    const rows = await screen.findAllByTestId('credential-row');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText(`ssh-ed25519 …${DATA.slice(-12)} bob@host`)).toBeInTheDocument();
    expect(first.getByText('SHA256:fingerprint10')).toBeInTheDocument();
    expect(first.getByText('First2')).toBeInTheDocument();
    expect(first.getByText('Last2')).toBeInTheDocument();
    expect(first.getByText('bob')).toBeInTheDocument();
    expect(first.getByRole('link')).toHaveAttribute('href', '/credential/10');
  });

  it('deletes a key only after confirmation', async () => {
    signInAdmin(1);
    const server = fakeServer([credential(10, 2, 'bob'), credential(11, 3, 'carol')]);
    server.release();
    renderPage();
    const user = userEvent.setup();
    const [bobRow] = await screen.findAllByTestId('credential-row');
    await user.click(within(bobRow!).getByRole('button', { name: /Delete/ }));
    let dialog = await screen.findByRole('dialog', { name: credentialMessages.DELETE_TITLE });
    await user.click(within(dialog).getByRole('button', { name: credentialMessages.CANCEL }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.deleted).toEqual([]);

    await user.click(within(bobRow!).getByRole('button', { name: /Delete/ }));
    dialog = await screen.findByRole('dialog', { name: credentialMessages.DELETE_TITLE });
    expect(within(dialog).getByText(/SHA256:fingerprint10/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: credentialMessages.DELETE }));
    await waitFor(() => expect(screen.getAllByTestId('credential-row')).toHaveLength(1));
    expect(server.deleted).toEqual(['/api/credential/10']);
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it("signs the administrator out to sign-in when they delete their own last key", async () => {
    signInAdmin(1);
    const server = fakeServer([credential(10, 1, 'admin'), credential(11, 3, 'carol')]);
    server.release();
    const app = renderPage();
    const user = userEvent.setup();
    const [ownRow] = await screen.findAllByTestId('credential-row');
    await user.click(within(ownRow!).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: credentialMessages.DELETE_TITLE });
    expect(within(dialog).getByText(new RegExp(credentialMessages.DELETE_LAST_OWN_TEXT))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: credentialMessages.DELETE }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(app.pathname()).toBe('/signin');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
