import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  accountSecurityMessages as text,
  messages,
  PASSWORD_MESSAGE,
  type AccountSummary,
} from '@testbed/contract';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/session';
import { renderApp, signInAs, signinReply } from '../../../test/app';

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Handler = (body: unknown, url: URL, authorized: boolean) => Reply;

/** Answers each call by method and path, and records what was sent. */
function fakeServer(routes: Record<string, Handler>) {
  const sent: Array<{ method: string; path: string; search: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    sent.push({ method, path: url.pathname, search: url.search, body });
    const handler = routes[`${method} ${url.pathname}`];
    const authorized = new Headers(init.headers).has('authorization');
    const reply = handler ? handler(body, url, authorized) : { status: 404, body: { message: 'Not found.' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, calls: (method: string, path: string) => sent.filter((call) => call.method === method && call.path === path) };
}

const summary = (overrides: Partial<AccountSummary> = {}): AccountSummary => ({
  userId: 7,
  username: 'alice',
  firstname: 'Alice',
  lastname: 'Martin',
  email: 'alice@example.org',
  pendingEmail: null,
  deleted: false,
  ...overrides,
});

// Labels end with the required-field asterisk.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

describe('passwordForgotten page', () => {
  it('checks the address before sending, then always shows the same sentence', async () => {
    const server = fakeServer({
      'GET /api/auth/checkEmailResetPassword': () => ({ status: 200, body: { message: messages.RESET_PASSWORD_SENT } }),
    });
    renderApp('/passwordForgotten');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: text.SEND_RESET_LINK });
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(field(text.EMAIL), 'alice-at-example.org');
    await user.click(submit);
    expect(await screen.findByText(text.INVALID_EMAIL)).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);

    await user.clear(field(text.EMAIL));
    await user.type(field(text.EMAIL), 'alice@example.org');
    await user.click(submit);
    expect(await screen.findByText(messages.RESET_PASSWORD_SENT)).toBeInTheDocument();
    expect(server.sent).toEqual([
      { method: 'GET', path: '/api/auth/checkEmailResetPassword', search: '?email=alice%40example.org', body: undefined },
    ]);
  });

  it('shows the sentence even when the server fails, and says so when asked to wait', async () => {
    let reply: Reply = { status: 500, body: { message: 'Internal server error.' } };
    fakeServer({ 'GET /api/auth/checkEmailResetPassword': () => reply });
    renderApp('/passwordForgotten');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'alice@example.org');
    await user.click(screen.getByRole('button', { name: text.SEND_RESET_LINK }));
    expect(await screen.findByText(messages.RESET_PASSWORD_SENT)).toBeInTheDocument();

    reply = { status: 429, body: { message: messages.TOO_MANY_REQUESTS }, headers: { 'retry-after': '600' } };
    await user.click(screen.getByRole('button', { name: text.SEND_RESET_LINK }));
    expect(await screen.findByText(messages.TOO_MANY_REQUESTS)).toBeInTheDocument();
    expect(screen.queryByText(messages.RESET_PASSWORD_SENT)).not.toBeInTheDocument();
  });
});

describe('resetPassword page', () => {
  it('sends a used link to invalidToken with the used-token text', async () => {
    fakeServer({ 'POST /api/auth/checkTokenExits': () => ({ status: 200, body: { valid: false, problem: 'used' } }) });
    const app = renderApp('/resetPassword/abc');
    expect(await screen.findByText(messages.TOKEN_ALREADY_USED)).toBeInTheDocument();
    expect(screen.getByText(messages.TOKEN_NO_LONGER_VALID)).toBeInTheDocument();
    expect(app.location()).toBe('/invalidToken?reason=used');
    expect(screen.getByRole('link', { name: messages.BACK_TO_SIGN_IN })).toHaveAttribute('href', '/signin');
  });

  it('drops a stored session the server no longer accepts instead of failing to open the link', async () => {
    // The person's old session in this browser was ended by the reset they are finishing.
    signInAs('USER', { userId: 7 });
    const dead = { status: 401, body: { message: 'Your session has ended. Please sign in again.' } };
    const server = fakeServer({
      'POST /api/auth/checkTokenExits': (_body, _url, authorized) => (authorized ? dead : { status: 200, body: { valid: true } }),
      'POST /api/auth/changePasswordForgottingPassword': (_body, _url, authorized) => (authorized ? dead : { status: 200, body: { changed: true } }),
    });
    const app = renderApp('/resetPassword/tok-9');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password\s*\*?$/), 'Strong#Lily-2027');
    await user.type(field(text.NEW_PASSWORD_REPEAT), 'Strong#Lily-2027');
    await user.click(screen.getByRole('button', { name: text.SAVE_NEW_PASSWORD }));
    expect(await screen.findByText(messages.PASSWORD_CHANGED)).toBeInTheDocument();
    expect(app.location()).toBe('/signin?passwordChanged=true');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(server.calls('POST', '/api/auth/changePasswordForgottingPassword')).toHaveLength(1);
  });

  it('sends an unknown link to invalidToken with the invalid-token text', async () => {
    fakeServer({ 'POST /api/auth/checkTokenExits': () => ({ status: 200, body: { valid: false, problem: 'invalid' } }) });
    renderApp('/resetPassword/abc');
    expect(await screen.findByText(messages.TOKEN_INVALID)).toBeInTheDocument();
  });

  it("shows the rule, the verification and the server's messages, then leads to sign-in with the notice", async () => {
    let resetReply: Reply = { status: 400, body: { message: text.COMMON_PASSWORD, fieldErrors: { newPassword: [text.COMMON_PASSWORD] } } };
    const server = fakeServer({
      'POST /api/auth/checkTokenExits': () => ({ status: 200, body: { valid: true } }),
      'POST /api/auth/changePasswordForgottingPassword': () => resetReply,
    });
    const app = renderApp('/resetPassword/tok-123');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: text.SAVE_NEW_PASSWORD });
    await user.type(field(text.NEW_PASSWORD), 'weakpass');
    await user.type(field(text.NEW_PASSWORD_REPEAT), 'weakpass');
    await user.click(submit);
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeInTheDocument();

    await user.clear(field(text.NEW_PASSWORD));
    await user.type(field(text.NEW_PASSWORD), 'Strong#Lily-2027');
    expect(screen.queryByText(PASSWORD_MESSAGE)).not.toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText(text.NEW_PASSWORD_REPEAT_MISMATCH)).toBeInTheDocument();
    expect(server.calls('POST', '/api/auth/changePasswordForgottingPassword')).toHaveLength(0);

    await user.clear(field(text.NEW_PASSWORD_REPEAT));
    await user.type(field(text.NEW_PASSWORD_REPEAT), 'Strong#Lily-2027');
    await user.click(submit);
    expect(await screen.findByText(text.COMMON_PASSWORD)).toBeInTheDocument();

    resetReply = { status: 200, body: { changed: true } };
    await user.click(submit);
    expect(await screen.findByText(messages.PASSWORD_CHANGED)).toBeInTheDocument();
    expect(app.location()).toBe('/signin?passwordChanged=true');
    expect(server.calls('POST', '/api/auth/changePasswordForgottingPassword').at(-1)!.body).toEqual({
      token: 'tok-123',
      newPassword: 'Strong#Lily-2027',
    });
  });
});

describe('changePassword page', () => {
  it("shows the catalogue's text for a wrong current password, then keeps the user signed in with the fresh session", async () => {
    signInAs('USER', { userId: 7 });
    const fresh = signinReply({ userId: 7, accessToken: 'fresh.token.value' });
    let reply: Reply = {
      status: 400,
      body: { message: messages.CURRENT_PASSWORD_WRONG, fieldErrors: { currentPassword: [messages.CURRENT_PASSWORD_WRONG] } },
    };
    const server = fakeServer({ 'POST /api/changePassword': () => reply });
    const app = renderApp('/changePassword/7');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: text.SAVE_NEW_PASSWORD });
    await user.click(submit);
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();

    await user.type(field(text.CURRENT_PASSWORD), 'Old#Pass-2026');
    await user.type(field(text.NEW_PASSWORD), 'Strong#Lily-2027');
    await user.type(field(text.NEW_PASSWORD_REPEAT), 'Strong#Lily-2027');
    await user.click(submit);
    const alert = await screen.findByTestId('current-password-wrong');
    expect(alert).toHaveTextContent(messages.CURRENT_PASSWORD_WRONG);
    expect(alert).toHaveTextContent(messages.TRY_AGAIN);
    expect(server.calls('POST', '/api/changePassword')[0]!.body).toEqual({
      userId: 7,
      currentPassword: 'Old#Pass-2026',
      newPassword: 'Strong#Lily-2027',
    });

    reply = { status: 200, body: { changed: true, session: fresh } };
    await user.click(submit);
    await waitFor(() => expect(app.location()).toBe('/user/7'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh.token.value');
  });

  it("sends a user who opens another user's form to access denied", async () => {
    signInAs('USER', { userId: 7 });
    const server = fakeServer({});
    const app = renderApp('/changePassword/8');
    await waitFor(() => expect(app.location()).toBe('/accessdenied'));
    expect(server.sent).toHaveLength(0);
  });
});

describe('changePasswordByAdmin page', () => {
  it("names the user, sets the password and shows the confirmation page", async () => {
    signInAs('ADMIN', { userId: 1 });
    const server = fakeServer({
      'GET /api/accountSummary/7': () => ({ status: 200, body: summary() }),
      'POST /api/changePasswordByAdmin': () => ({ status: 200, body: { changed: true } }),
    });
    const app = renderApp('/changePasswordByAdmin/7');
    const user = userEvent.setup();
    expect(await screen.findByText(`${text.CHANGE_PASSWORD_OF} Alice Martin (alice)`)).toBeInTheDocument();
    await user.type(field(text.NEW_PASSWORD), 'Strong#Lily-2027');
    await user.type(field(text.NEW_PASSWORD_REPEAT), 'Strong#Lily-2028');
    await user.click(screen.getByRole('button', { name: text.SAVE_NEW_PASSWORD }));
    expect(await screen.findByText(text.NEW_PASSWORD_REPEAT_MISMATCH)).toBeInTheDocument();
    await user.clear(field(text.NEW_PASSWORD_REPEAT));
    await user.type(field(text.NEW_PASSWORD_REPEAT), 'Strong#Lily-2027');
    await user.click(screen.getByRole('button', { name: text.SAVE_NEW_PASSWORD }));
    expect(await screen.findByRole('heading', { name: text.PASSWORD_CHANGED_BY_ADMIN_TITLE })).toBeInTheDocument();
    expect(app.location()).toBe('/infoChangePasswordByAdmin/7');
    expect(screen.getByRole('link', { name: text.BACK_TO_USER_ACCOUNT })).toHaveAttribute('href', '/user/7');
    expect(screen.getByRole('link', { name: text.BACK_TO_USERS })).toHaveAttribute('href', '/users');
    expect(server.calls('POST', '/api/changePasswordByAdmin')[0]!.body).toEqual({ userId: 7, newPassword: 'Strong#Lily-2027' });
  });

  it('is not shown to a user', async () => {
    signInAs('USER', { userId: 7 });
    const app = renderApp('/changePasswordByAdmin/7');
    await waitFor(() => expect(app.location()).toBe('/accessdenied'));
  });
});

describe('changeEmail pages', () => {
  it('keeps the button disabled while invalid, shows the mismatch and a taken address, then the info page', async () => {
    signInAs('USER', { userId: 7 });
    let account = summary();
    let reply: Reply = { status: 409, body: { message: text.EMAIL_TAKEN, fieldErrors: { newEmail: [text.EMAIL_TAKEN] } } };
    const server = fakeServer({
      'GET /api/accountSummary/7': () => ({ status: 200, body: account }),
      'POST /api/changeEmail': () => reply,
    });
    const app = renderApp('/changeEmail/7');
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('alice@example.org')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: text.VALIDATE_NEW_EMAIL });
    expect(submit).toBeDisabled();
    await user.type(field(text.NEW_EMAIL), 'alice.new@example.net');
    await user.type(field(text.NEW_EMAIL_REPEAT), 'alice.old@example.net');
    await user.tab();
    expect(await screen.findByText(text.EMAIL_REPEAT_MISMATCH)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(field(text.NEW_EMAIL_REPEAT));
    await user.type(field(text.NEW_EMAIL_REPEAT), 'alice.new@example.net');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText(text.EMAIL_TAKEN)).toBeInTheDocument();

    reply = { status: 200, body: { userId: 7, newEmail: 'alice.new@example.net', confirmationSent: true } };
    account = summary({ pendingEmail: 'alice.new@example.net' });
    await user.click(submit);
    await waitFor(() => expect(app.location()).toBe('/infoChangeEmail/7'));
    expect(await screen.findByTestId('info-change-email')).toHaveTextContent('We have sent a confirmation link to alice.new@example.net.');
    expect(screen.getByRole('link', { name: text.BACK_TO_MY_ACCOUNT })).toHaveAttribute('href', '/user/7');
    expect(server.calls('POST', '/api/changeEmail').at(-1)!.body).toEqual({ userId: 7, newEmail: 'alice.new@example.net' });
  });

  it("shows the administrator the user's name, username and address, and the admin info page", async () => {
    signInAs('ADMIN', { userId: 1 });
    let account = summary();
    const server = fakeServer({
      'GET /api/accountSummary/7': () => ({ status: 200, body: account }),
      'POST /api/changeEmailByAdmin': () => {
        account = summary({ pendingEmail: 'alice@lab.example.net' });
        return { status: 200, body: { userId: 7, newEmail: 'alice@lab.example.net', confirmationSent: true } };
      },
    });
    const app = renderApp('/changeEmailByAdmin/7');
    const user = userEvent.setup();
    expect(await screen.findByText('Alice Martin (alice)')).toBeInTheDocument();
    expect(screen.getByDisplayValue('alice@example.org')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.CANCEL })).toHaveAttribute('href', '/user/7');
    await user.type(field(text.NEW_EMAIL), 'alice@lab.example.net');
    await user.type(field(text.NEW_EMAIL_REPEAT), 'alice@lab.example.net');
    await user.click(screen.getByRole('button', { name: text.VALIDATE_NEW_EMAIL }));
    await waitFor(() => expect(app.location()).toBe('/infoChangeEmailByAdmin/7'));
    expect(await screen.findByTestId('info-change-email')).toHaveTextContent(
      'A confirmation link has been sent to alice@lab.example.net. The address of Alice Martin (alice) changes when that link is opened.',
    );
    expect(screen.getByRole('link', { name: text.BACK_TO_USERS })).toHaveAttribute('href', '/users');
    expect(server.calls('POST', '/api/changeEmailByAdmin')).toHaveLength(1);
  });

  it('confirms a link once and sends a used one to invalidToken', async () => {
    let used = false;
    const server = fakeServer({
      'POST /api/confirmTokenChangeEmail': () => {
        if (used) return { status: 409, body: { message: messages.TOKEN_ALREADY_USED, fieldErrors: { token: ['used'] } } };
        used = true;
        return { status: 200, body: { userId: 7, email: 'alice.new@example.net' } };
      },
    });
    // Under StrictMode, as in the app: its double renders and effects use the single-use link once.
    const first = renderApp('/confirmChangeEmail/tok', { strict: true });
    expect(await screen.findByTestId('email-changed')).toHaveTextContent('The e-mail address of your account is now alice.new@example.net.');
    expect(server.calls('POST', '/api/confirmTokenChangeEmail')).toHaveLength(1);
    first.unmount();
    const second = renderApp('/confirmChangeEmail/tok');
    expect(await screen.findByText(messages.TOKEN_ALREADY_USED)).toBeInTheDocument();
    expect(second.location()).toBe('/invalidToken?reason=used');
  });
});

describe('deleteAccount page', () => {
  it("asks for the password, shows the catalogue's wrong-password lines, then signs out on accountDeleted", async () => {
    signInAs('USER', { userId: 7 });
    let reply: Reply = { status: 400, body: { message: messages.PASSWORD_WRONG, fieldErrors: { password: [messages.PASSWORD_WRONG] } } };
    const server = fakeServer({ 'POST /api/deleteUserPartiallyByUser/7': () => reply });
    const app = renderApp('/deleteAccount/7');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: messages.DELETE_ACCOUNT });
    expect(screen.getByText(text.DELETE_ACCOUNT_WARNING)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.CANCEL })).toHaveAttribute('href', '/user/7');
    await user.click(submit);
    expect(await screen.findByText(text.PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Password/), 'Wrong#Pass-1');
    await user.click(submit);
    const alert = await screen.findByTestId('password-wrong');
    expect(within(alert).getByText(messages.PASSWORD_WRONG)).toBeInTheDocument();
    expect(within(alert).getByText(messages.PASSWORD_NOT_CORRECT)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();

    reply = { status: 200, body: { userId: 7, deleted: true } };
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: text.ACCOUNT_DELETED_TITLE })).toBeInTheDocument();
    expect(app.location()).toBe('/accountDeleted');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
    expect(server.calls('POST', '/api/deleteUserPartiallyByUser/7')[1]!.body).toEqual({ password: 'Wrong#Pass-1' });
  });

  it("does not offer another user's deletion, even to an administrator", async () => {
    signInAs('ADMIN', { userId: 1 });
    const app = renderApp('/deleteAccount/7');
    await waitFor(() => expect(app.location()).toBe('/accessdenied'));
  });
});
