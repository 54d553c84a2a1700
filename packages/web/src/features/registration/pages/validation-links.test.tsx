import { screen, waitFor } from '@testing-library/react';
import { messages, registrationMessages as m } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../../../test/app';

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

describe('confirmUserAccount/{token}', () => {
  it('validates the account, or says another administrator did', async () => {
    mockFetch({ status: 200, body: { alreadyValidated: false } });
    renderApp('/confirmUserAccount/abc');
    expect(await screen.findByTestId('confirm-account-result')).toHaveTextContent(m.ACCOUNT_VALIDATED);
  });

  it('says when another administrator validated it first', async () => {
    mockFetch({ status: 200, body: { alreadyValidated: true } });
    renderApp('/confirmUserAccount/abc');
    expect(await screen.findByTestId('confirm-account-result')).toHaveTextContent(messages.ACCOUNT_VALIDATED_BY_OTHER);
  });

  it('goes to invalidToken for an unknown token', async () => {
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
