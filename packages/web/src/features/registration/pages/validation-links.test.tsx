import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, registrationMessages as m } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signInAs } from '../../../test/app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('confirm-email/{token}', () => {
  it('validates the e-mail with the token of the link and counts down from 60 seconds', async () => {
    const fetchMock = mockFetch({ status: 200, body: { alreadyValidated: false } });
    renderApp('/confirm-email/abc_DEF-123');
    expect(await screen.findByTestId('confirm-email-result')).toHaveTextContent(m.EMAIL_VALIDATED);
    expect(screen.getByTestId('redirect-countdown')).toHaveTextContent('You will be redirected to the sign-in page in 60 seconds.');
    expect(screen.getByRole('link', { name: messages.SIGN_IN })).toHaveAttribute('href', '/signin');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/sendEmailAdminConfirmationAccount');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc_DEF-123' });
  });

  it('says when the e-mail was already validated', async () => {
    mockFetch({ status: 200, body: { alreadyValidated: true } });
    renderApp('/confirm-email/abc');
    expect(await screen.findByTestId('confirm-email-result')).toHaveTextContent(messages.EMAIL_ALREADY_VALIDATED);
  });

  it('goes to invalidToken for an unknown token', async () => {
    mockFetch({ status: 404, body: { message: messages.TOKEN_INVALID } });
    const view = renderApp('/confirm-email/unknown');
    await waitFor(() => expect(view.location()).toBe('/invalidToken'));
  });
});

const REQUEST = {
  userId: 42,
  username: 'ghopper',
  firstname: 'Grace',
  lastname: 'Hopper',
  email: 'grace@example.org',
  signUpDate: '2026-11-20T09:30:00.000Z',
  employer: 'Institute of Testbeds, France',
  employerType: 'Academic',
  professionalStatus: 'Researcher',
  intendedUsage: 'Experiments on low-power wireless routing.',
  status: 'pending',
  decidedBy: null,
};

describe('confirmUserAccount/{token}', () => {
  afterEach(() => localStorage.clear());

  it('leads a visitor who is not signed in to sign-in, and back to the link afterwards', async () => {
    const fetchMock = mockFetch();
    const view = renderApp('/confirmUserAccount/abc');
    await waitFor(() => expect(view.pathname()).toBe('/signin'));
    expect(view.search().get('returnURL')).toBe('/confirmUserAccount/abc');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the applicant and decides nothing until the administrator approves', async () => {
    signInAs('ADMIN');
    const fetchMock = mockFetch({ status: 200, body: REQUEST }, { status: 200, body: { alreadyValidated: false } });
    renderApp('/confirmUserAccount/abc');
    const request = await screen.findByTestId('account-request');
    expect(request).toHaveTextContent('Grace Hopper');
    expect(request).toHaveTextContent('grace@example.org');
    expect(request).toHaveTextContent('Institute of Testbeds, France');
    expect(request).toHaveTextContent('Experiments on low-power wireless routing.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/accountRequest');

    await userEvent.click(screen.getByRole('button', { name: m.APPROVE }));
    expect(await screen.findByTestId('confirm-account-result')).toHaveTextContent(m.ACCOUNT_VALIDATED);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/confirmUserAccount');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc' });
  });

  it('refuses with a reason, which it asks for first', async () => {
    signInAs('ADMIN');
    const fetchMock = mockFetch({ status: 200, body: REQUEST }, { status: 200, body: { alreadyRefused: false } });
    renderApp('/confirmUserAccount/abc');
    await userEvent.click(await screen.findByRole('button', { name: m.REFUSE }));
    const dialog = await screen.findByRole('dialog', { name: m.REFUSE_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: m.CONFIRM_REFUSAL }));
    expect(await within(dialog).findByText(m.REFUSAL_REASON_REQUIRED)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Pasted rather than typed key by key: the text is what matters here, not the keystrokes.
    await userEvent.click(within(dialog).getByRole('textbox', { name: m.REFUSAL_REASON }));
    await userEvent.paste('Unknown laboratory.');
    await userEvent.click(within(dialog).getByRole('button', { name: m.CONFIRM_REFUSAL }));
    expect(await screen.findByTestId('confirm-account-result')).toHaveTextContent(m.ACCOUNT_REFUSED);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ token: 'abc', reason: 'Unknown laboratory.' });
  }, 15_000);

  it('says who decided when another administrator did first', async () => {
    signInAs('ADMIN');
    mockFetch({ status: 200, body: { ...REQUEST, status: 'approved', decidedBy: 'Ada Admin (ada)' } });
    renderApp('/confirmUserAccount/abc');
    expect(await screen.findByTestId('confirm-account-result')).toHaveTextContent('This account request was approved by Ada Admin (ada).');
    expect(screen.queryByRole('button', { name: m.APPROVE })).not.toBeInTheDocument();
  });

  it('goes to invalidToken for an unknown token', async () => {
    signInAs('ADMIN');
    mockFetch({ status: 404, body: { message: messages.TOKEN_INVALID } });
    const view = renderApp('/confirmUserAccount/unknown');
    await waitFor(() => expect(view.location()).toBe('/invalidToken'));
  });
});

describe('registrationPending', () => {
  it('shows the pending notice in three lines', async () => {
    renderApp('/registrationPending');
    const notice = await screen.findByTestId('registration-pending');
    expect(notice.textContent!.split('\n')).toHaveLength(3);
  });
});
