import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { credentialMessages, messages, type ValidUser } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewCredentialPage } from './new-credential-page';
import { renderRoutes, signInAs } from '../../../test/app';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGjmPhIjdMfziWNFL+4wsS04TXE5yfaEtcF6dkmjhPcH bob@host';
const PEOPLE: ValidUser[] = [
  { userId: 1, firstname: 'Ada', lastname: 'Admin', username: 'admin' },
  { userId: 2, firstname: 'Bob', lastname: 'Durand', username: 'bob' },
];

function signInAdmin(hasSshKey: boolean) {
  signInAs('ADMIN', { userId: 1, username: 'admin', hasSshKey });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeServer() {
  const added: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      if (path === '/api/validUsers') {
        const name = (new URLSearchParams(url.split('?')[1] ?? '').get('name') ?? '').toLowerCase();
        return json(200, PEOPLE.filter((person) => person.lastname.toLowerCase().includes(name)));
      }
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { sshKey: string };
        added.push({ url, body });
        const userId = Number(url.split('/').pop());
        const owner = PEOPLE.find((person) => person.userId === userId)!;
        return json(200, {
          credential: {
            credentialId: 40,
            sshKey: body.sshKey,
            fingerprint: 'SHA256:abc',
            keyType: 'ssh-ed25519',
            createdAt: '2026-11-22T10:00:00.000Z',
            user: { userId, firstname: owner.firstname, lastname: owner.lastname, username: owner.username },
          },
          firstKey: true,
        });
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return added;
}

function renderPage() {
  return renderRoutes('/credential', { '/credential': <NewCredentialPage />, '/credentials': <p>Credentials list</p>, '/signout': <p>Sign-out page</p> });
}

async function pick(user: ReturnType<typeof userEvent.setup>, text: string, option: string) {
  const input = screen.getByRole('combobox', { name: new RegExp(`^${credentialMessages.USER}`) });
  await user.type(input, text);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Add an SSH key for a user (administrators)', () => {
  it('requires a user and a valid key, then adds the key to the chosen user and returns to the list', async () => {
    signInAdmin(true);
    const added = fakeServer();
    const app = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: credentialMessages.SUBMIT_ADD }));
    expect(await screen.findByText(credentialMessages.USER_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText('SSH key is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${credentialMessages.SSH_KEY}`) }), 'not a key');
    await pick(user, 'Dur', 'Durand Bob (bob)');
    await user.click(screen.getByRole('button', { name: credentialMessages.SUBMIT_ADD }));
    expect(await screen.findByText(messages.INVALID_SSH_KEY)).toBeInTheDocument();
    expect(added).toEqual([]);

    const field = screen.getByRole('textbox', { name: new RegExp(`^${credentialMessages.SSH_KEY}`) });
    await user.clear(field);
    await user.type(field, `  ${KEY} `);
    await user.click(screen.getByRole('button', { name: credentialMessages.SUBMIT_ADD }));
    await waitFor(() => expect(app.pathname()).toBe('/credentials'));
    expect(added).toEqual([{ url: '/api/credential/addToUser/2', body: { sshKey: KEY } }]);
    expect(localStorage.getItem('token')).not.toBeNull();
  }, 20_000);

  it("asks to confirm an administrator's own first key, then signs them out", async () => {
    signInAdmin(false);
    const added = fakeServer();
    const app = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: credentialMessages.SUBMIT_ADD });
    await pick(user, 'Adm', 'Admin Ada (admin)');
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${credentialMessages.SSH_KEY}`) }), KEY);
    await user.click(screen.getByRole('button', { name: credentialMessages.SUBMIT_ADD }));
    const dialog = await screen.findByRole('dialog', { name: credentialMessages.FIRST_KEY_TITLE });
    await user.click(within(dialog).getByRole('button', { name: credentialMessages.OK }));
    await waitFor(() => expect(app.pathname()).toBe('/signout'));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(added.map((call) => call.url)).toEqual(['/api/credential/addToUser/1']);
  }, 20_000);
});
