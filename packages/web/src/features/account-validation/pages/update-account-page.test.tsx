import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountValidationMessages as text, messages, type UpdateTokenCheckReply } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/app';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGjmPhIjdMfziWNFL+4wsS04TXE5yfaEtcF6dkmjhPcH alice@lab';

const valid: UpdateTokenCheckReply = {
  status: 'token_valid',
  account: {
    firstname: 'Ada',
    lastname: 'Lovelace',
    username: 'ada',
    email: 'ada@example.org',
    phoneNumber: '',
    instantMessaging: '',
    personnalURL: '',
    credentials: [{ credentialId: 5, sshKey: KEY, fingerprint: 'SHA256:abc' }],
    instituteName: 'University of Lyon',
    countryName: 'France',
    laboratoryName: '',
    teamName: '',
    location: '',
    employerURL: '',
    employerType: 'Academic',
    professionalStatus: 'Researcher',
    intendedUsage: 'Radio experiments',
  },
  employerTypes: ['Academic', 'Company'],
  professionalStatuses: ['Researcher', 'Engineer'],
};

function fakeServer(check: UpdateTokenCheckReply, update: { status: number; body: unknown } = { status: 200, body: { username: 'ada' } }) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      sent.push({ url, body });
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/auth/checkTokenExitForAccountValidation') return json(200, check);
      if (url === '/api/auth/updateAccount') return json(update.status, update.body);
      return json(404, { message: 'Not found.' });
    }),
  );
  return sent;
}

describe('update account page', () => {
  it('sends an invalid or unknown link to invalidToken', async () => {
    for (const status of ['token_invalid', 'user_not_found'] as const) {
      fakeServer({ status, employerTypes: [], professionalStatuses: [] });
      const view = renderApp('/updateAccount/abc');
      await waitFor(() => expect(view.location()).toBe('/invalidToken'), { timeout: 10_000 });
      view.unmount();
    }
  });

  it('sends a used link to accountAlreadyUpdatedByUser, which says so', async () => {
    fakeServer({ status: 'token_already_used', employerTypes: [], professionalStatuses: [] });
    const view = renderApp('/updateAccount/abc');
    await waitFor(() => expect(view.location()).toBe('/accountAlreadyUpdatedByUser'), { timeout: 10_000 });
    expect(await screen.findByText(messages.ACCOUNT_ALREADY_UPDATED)).toBeInTheDocument();
  });

  it('shows the form pre-filled, checks it with the rules of the contract and sends it, then shows updateAccountPending', async () => {
    const sent = fakeServer(valid);
    const user = userEvent.setup();
    const view = renderApp('/updateAccount/the-token');

    const firstname = await screen.findByRole('textbox', { name: /First name/ }, { timeout: 10_000 });
    expect(firstname).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: text.USERNAME })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: text.EMAIL })).toHaveValue('ada@example.org');
    expect(screen.getByRole('combobox', { name: text.EMPLOYER_TYPE })).toHaveValue('Academic');
    const submit = screen.getByRole('button', { name: text.UPDATE_MY_ACCOUNT });
    expect(submit).toBeDisabled();

    const password = screen.getByLabelText(/^Password\s*\*?$/);
    await user.type(password, 'weak');
    await user.tab();
    expect(await screen.findByText(text.INVALID_PASSWORD)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'New#Passw0rd!');
    const repeat = screen.getByLabelText(/^Password verification/);
    await user.type(repeat, 'New#Passw0rd?');
    await user.tab();
    expect(await screen.findByText(text.PASSWORDS_MUST_BE_THE_SAME)).toBeInTheDocument();
    await user.clear(repeat);
    await user.type(repeat, 'New#Passw0rd!');
    const phone = screen.getByRole('textbox', { name: text.PHONE_NUMBER });
    await user.type(phone, '06 12 AB');
    await user.tab();
    expect(await screen.findByText(text.INVALID_PHONE)).toBeInTheDocument();
    await user.clear(phone);

    const key = screen.getByTestId('existing-key');
    await user.click(within(key).getByRole('button', { name: `${text.REMOVE} SHA256:abc` }));
    expect(within(key).getByText(text.KEY_REMOVED)).toBeInTheDocument();

    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(view.location()).toBe('/updateAccountPending'));
    expect(await screen.findByText(text.UPDATE_ACCOUNT_PENDING_TEXT)).toBeInTheDocument();
    const update = sent.find((call) => call.url === '/api/auth/updateAccount')!.body as {
      token: string;
      updateAccountForm: Record<string, unknown>;
    };
    expect(update.token).toBe('the-token');
    expect(update.updateAccountForm).toMatchObject({
      firstname: 'Ada',
      password: 'New#Passw0rd!',
      removedCredentialIds: [5],
      employerType: 'Academic',
      intendedUsage: 'Radio experiments',
    });
  });

  it('goes to accountAlreadyUpdatedByUser when the link was used meanwhile', async () => {
    fakeServer(valid, { status: 409, body: { message: messages.ACCOUNT_ALREADY_UPDATED } });
    const user = userEvent.setup();
    const view = renderApp('/updateAccount/the-token');
    await user.type(await screen.findByLabelText(/^Password\s*\*?$/, {}, { timeout: 10_000 }), 'New#Passw0rd!');
    await user.type(screen.getByLabelText(/^Password verification/), 'New#Passw0rd!');
    await user.click(screen.getByRole('button', { name: text.UPDATE_MY_ACCOUNT }));
    await waitFor(() => expect(view.location()).toBe('/accountAlreadyUpdatedByUser'));
  });
});

describe('account update validation page', () => {
  function confirmServer(alreadyValidated: boolean | 'unknown') {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        alreadyValidated === 'unknown'
          ? new Response(JSON.stringify({ message: messages.TOKEN_INVALID }), { status: 404, headers: { 'content-type': 'application/json' } })
          : new Response(
              JSON.stringify({ alreadyValidated, user: { userId: 4, firstname: 'Ada', lastname: 'Lovelace', username: 'ada' } }),
              { status: 200, headers: { 'content-type': 'application/json' } },
            ),
      ),
    );
  }

  it('says the update is validated', async () => {
    confirmServer(false);
    renderApp('/confirmUserAccountUpdate/tok');
    expect(
      await screen.findByText('The account update of Ada Lovelace (ada) is validated: the account is enabled again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('says another administrator validated it first', async () => {
    confirmServer(true);
    renderApp('/confirmUserAccountUpdate/tok');
    expect(await screen.findByText(messages.ACCOUNT_UPDATE_VALIDATED_BY_OTHER, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('sends an unknown link to invalidToken', async () => {
    confirmServer('unknown');
    const view = renderApp('/confirmUserAccountUpdate/tok');
    await waitFor(() => expect(view.location()).toBe('/invalidToken'), { timeout: 10_000 });
  });
});
