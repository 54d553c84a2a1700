import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { credentialMessages, messages, type Credential, type SigninReply } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../shared/session';
import { AddCredentialPage } from './add-credential-page';
import { abilitiesOf, renderRoutes } from '../../../test/app';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGjmPhIjdMfziWNFL+4wsS04TXE5yfaEtcF6dkmjhPcH alice@lab';
const FINGERPRINT = 'SHA256:mm65Ag4Y8U6/OfhVFHrHLNh8mqJskNk/fJzSiH8HcrA';

function signInAs(userId: number, admin = false, hasSshKey = false) {
  const reply: SigninReply = {
    accessToken: 'header.payload.signature',
    tokenType: 'Bearer',
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    userId,
    username: `user${userId}`,
    authorities: admin ? [{ authority: 'ADMIN' }, { authority: 'USER' }] : [{ authority: 'USER' }],
    hasSshKey,
    timeZone: null,
    redirectURL: '/home',
    abilities: abilitiesOf(admin ? 'ADMIN' : 'USER'),
  };
  saveSession(reply);
}

function credential(id: number, userId: number): Credential {
  return {
    credentialId: id,
    sshKey: KEY,
    fingerprint: FINGERPRINT,
    keyType: 'ssh-ed25519',
    createdAt: '2026-11-21T10:00:00.000Z',
    user: { userId, firstname: 'Ada', lastname: 'Lovelace', username: `user${userId}` },
  };
}

interface FakeServer {
  existing: Credential[];
  addReply?: { status: number; body: unknown };
}

/** Answers the two calls of the page and records what was sent. */
function fakeServer(server: FakeServer) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && url.startsWith('/api/credentials/user/')) return json(200, server.existing);
    if (method === 'POST' && url.startsWith('/api/credential/addToUser/')) {
      const reply = server.addReply ?? {
        status: 200,
        body: { credential: credential(99, Number(url.split('/').pop())), firstKey: server.existing.length === 0 },
      };
      return json(reply.status, reply.body);
    }
    return json(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, posts: () => sent.filter((call) => call.method === 'POST') };
}

function renderPage(userId: number) {
  return renderRoutes(`/credential/user/${userId}`, { '/credential/user/:id': <AddCredentialPage />, '/user/:id': <p>User page</p>, '/signout': <p>Signed out page</p>, '/accessdenied': <p>Access denied page</p> });
}

const keyField = () => screen.getByRole('textbox', { name: new RegExp(credentialMessages.SSH_KEY) });
const submit = () => screen.getByRole('button', { name: credentialMessages.SUBMIT_ADD });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add credential page', () => {
  it('trims the key before sending it and goes back after a later key', async () => {
    signInAs(7, false, true);
    const server = fakeServer({ existing: [credential(1, 7)] });
    renderPage(7);
    const user = userEvent.setup();
    await user.click(keyField());
    await user.paste(`   ${KEY}  \n\n`);
    await user.click(submit());
    expect(await screen.findByText('User page')).toBeInTheDocument();
    expect(server.posts()).toEqual([{ method: 'POST', url: '/api/credential/addToUser/7', body: { sshKey: KEY } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the required and invalid-key messages without calling the server, and clears them once fixed', async () => {
    signInAs(7, false, true);
    const server = fakeServer({ existing: [credential(1, 7)] });
    renderPage(7);
    const user = userEvent.setup();
    await user.click(submit());
    expect(await screen.findByText('SSH key is required')).toBeInTheDocument();

    for (const bad of ['hello world', `command="id" ${KEY}`, `${KEY}\n${KEY}`, 'ssh-foo AAAA']) {
      await user.clear(keyField());
      await user.click(keyField());
      await user.paste(bad);
      await user.click(submit());
      expect(await screen.findByText(messages.INVALID_SSH_KEY)).toBeInTheDocument();
      expect(keyField()).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(keyField());
    await user.click(keyField());
    await user.paste(KEY);
    expect(screen.queryByText(messages.INVALID_SSH_KEY)).not.toBeInTheDocument();
    expect(server.posts()).toHaveLength(0);
  });

  it('shows a wrong line under the field once the field is left, and sends nothing on submit', async () => {
    signInAs(7, false, true);
    const server = fakeServer({ existing: [credential(1, 7)] });
    renderPage(7);
    const user = userEvent.setup();
    await user.click(keyField());
    await user.paste('ssh-ed25519 not-base64!');
    await user.tab();
    expect(await screen.findByText(messages.INVALID_SSH_KEY)).toBeInTheDocument();
    expect(keyField()).toHaveAccessibleDescription(new RegExp(messages.INVALID_SSH_KEY.replace(/[.()]/g, '\\$&')));
    await user.click(submit());
    expect(keyField()).toHaveAttribute('aria-invalid', 'true');
    expect(server.posts()).toHaveLength(0);
  });

  it("shows the server's refusal under the field: an invalid key and a duplicate", async () => {
    signInAs(7, false, true);
    const server: FakeServer = {
      existing: [credential(1, 7)],
      addReply: { status: 400, body: { message: messages.INVALID_SSH_KEY, fieldErrors: { sshKey: [messages.INVALID_SSH_KEY] } } },
    };
    fakeServer(server);
    renderPage(7);
    const user = userEvent.setup();
    await user.click(keyField());
    await user.paste(KEY);
    await user.click(submit());
    expect(await screen.findByText(messages.INVALID_SSH_KEY)).toBeInTheDocument();

    server.addReply = { status: 409, body: { message: credentialMessages.DUPLICATE, fieldErrors: { sshKey: [credentialMessages.DUPLICATE] } } };
    await user.click(submit());
    expect(await screen.findByText(credentialMessages.DUPLICATE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: credentialMessages.ADD_SSH_KEY_OWN })).toBeInTheDocument();
  });

  it("asks to confirm the user's first key, sends nothing on Cancel, then signs out after OK", async () => {
    signInAs(7, false, false);
    const server = fakeServer({ existing: [] });
    const app = renderPage(7);
    const user = userEvent.setup();
    await user.click(keyField());
    await user.paste(KEY);
    // Wait for the list of existing keys, which tells that this is the first one.
    await waitFor(() => expect(server.sent.some((call) => call.url === '/api/credentials/user/7')).toBe(true));

    await user.click(submit());
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(credentialMessages.FIRST_KEY_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: credentialMessages.CANCEL }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.posts()).toHaveLength(0);
    expect(localStorage.getItem('token')).not.toBeNull();

    await user.click(submit());
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: credentialMessages.OK }));
    expect(await screen.findByText('Signed out page')).toBeInTheDocument();
    expect(server.posts()).toHaveLength(1);
    expect(app.pathname()).toBe('/signout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it("does not sign an administrator out when they add another user's first key", async () => {
    signInAs(1, true, true);
    const server = fakeServer({ existing: [] });
    renderPage(42);
    const user = userEvent.setup();
    await user.click(keyField());
    await user.paste(KEY);
    await user.click(submit());
    expect(await screen.findByText('User page')).toBeInTheDocument();
    expect(server.posts()[0]?.url).toBe('/api/credential/addToUser/42');
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('reads the key from a .pub file, trimmed', async () => {
    signInAs(7, false, true);
    fakeServer({ existing: [credential(1, 7)] });
    renderPage(7);
    const user = userEvent.setup();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([`${KEY}\n`], 'id_ed25519.pub', { type: 'application/octet-stream' }));
    await waitFor(() => expect(keyField()).toHaveValue(KEY));
    expect(screen.queryByText(messages.INVALID_SSH_KEY)).not.toBeInTheDocument();

    await user.upload(input, new File(['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----\n'], 'id_ed25519.pub'));
    expect(await screen.findByText(messages.INVALID_SSH_KEY)).toBeInTheDocument();
  });

  it("sends a user who opens another user's form to access denied, without calling the server", async () => {
    signInAs(7, false, true);
    const server = fakeServer({ existing: [] });
    renderPage(8);
    expect(await screen.findByText('Access denied page')).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);
  });
});
