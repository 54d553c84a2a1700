import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, signinReplySchema } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/session';
import { abilitiesOf, mockFetch, renderApp, signinReply } from '../../../test/app';

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: messages.SIGN_IN });
  if (username) await user.type(screen.getByLabelText(/^Username/), username);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(submit);
}

describe('sign-in page', () => {
  it('shows the welcome text, the documentation, sign-up and forgotten-password links', async () => {
    renderApp('/signin');
    expect(await screen.findByRole('heading', { level: 1, name: messages.WELCOME })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: messages.DOCUMENTATION }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: messages.SIGN_UP })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: messages.PASSWORD_FORGOTTEN })).toHaveAttribute('href', '/passwordForgotten');
    expect(screen.queryByText(messages.PASSWORD_CHANGED)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.DISCONNECTED)).not.toBeInTheDocument();
  });

  it('shows the password-changed notice', async () => {
    renderApp('/signin?passwordChanged=true');
    expect(await screen.findByText(messages.PASSWORD_CHANGED)).toBeInTheDocument();
  });

  it('shows the disconnected notice', async () => {
    renderApp('/signin?disconnected=true');
    expect(await screen.findByText(messages.DISCONNECTED)).toBeInTheDocument();
  });

  it('checks the form with the contract schema before calling the server', async () => {
    const fetchMock = mockFetch();
    renderApp('/signin');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in, stores the session under its storage keys and goes to the redirectURL', async () => {
    const reply = signinReply({ userId: 5, username: 'bob' });
    const fetchMock = mockFetch({ status: 200, body: reply });
    const app = renderApp('/signin');
    await fillAndSubmit('bob', 'S3cret!pass');
    await waitFor(() => expect(app.location()).toBe('/home'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/signin');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'bob', password: 'S3cret!pass' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(reply.accessToken);
    expect(localStorage.getItem(STORAGE_KEYS.username)).toBe('bob');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authorities)!)).toEqual([{ authority: 'USER' }]);
    expect(localStorage.getItem(STORAGE_KEYS.redirectURL)).toBe('/home');
    expect(signinReplySchema.parse(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!))).toEqual(reply);
  });

  it('goes to the returnURL after signing in', async () => {
    mockFetch({ status: 200, body: signinReply({ authorities: [{ authority: 'ADMIN' }], abilities: abilitiesOf('ADMIN') }) });
    const app = renderApp('/signin?returnURL=%2Fusers');
    await fillAndSubmit('admin', 'Adm1n!Passw0rd');
    await waitFor(() => expect(app.location()).toBe('/users'));
  });

  it('shows the bad-login text on a 401 and stays on the page', async () => {
    mockFetch({ status: 401, body: { message: messages.BAD_LOGIN } });
    const app = renderApp('/signin');
    await fillAndSubmit('bob', 'wrong');
    const alert = await screen.findByTestId('signin-error');
    expect(alert).toHaveTextContent(messages.BAD_LOGIN);
    // Three lines, one per sentence.
    expect(alert.textContent?.split('\n')).toHaveLength(3);
    expect(app.location()).toBe('/signin');
  });

  it('shows the two-line account-invalid text for a disabled account', async () => {
    mockFetch({ status: 403, body: { message: messages.ACCOUNT_INVALID } });
    const app = renderApp('/signin');
    await fillAndSubmit('carol', 'Right!Passw0rd');
    const alert = await screen.findByTestId('signin-error');
    expect(alert.textContent?.split('\n')).toEqual(['Your account is invalid.', 'Please contact an administrator']);
    expect(app.location()).toBe('/signin');
  });

  it('shows the bad-login text for any other refusal', async () => {
    mockFetch({ status: 403, body: { message: 'Missing or invalid CSRF token. Reload the page and try again.' } });
    renderApp('/signin');
    await fillAndSubmit('bob', 'whatever');
    expect(await screen.findByTestId('signin-error')).toHaveTextContent(messages.BAD_LOGIN);
  });

  it("shows the server's message when it asks to slow down", async () => {
    mockFetch({ status: 429, body: { message: messages.TOO_MANY_REQUESTS }, headers: { 'retry-after': '60' } });
    renderApp('/signin');
    await fillAndSubmit('bob', 'whatever');
    expect(await screen.findByTestId('signin-error')).toHaveTextContent(messages.TOO_MANY_REQUESTS);
  });
});
