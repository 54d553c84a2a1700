import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountValidationMessages as text, type AccountToValidate } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The real route table loads each page lazily: the first render of a page takes a while in jsdom.
vi.setConfig({ testTimeout: 30_000 });
import { renderApp, signInAs } from '../../../test/app';
import { formatDay } from '../../../shared/time';

function account(userId: number, pending = false): AccountToValidate {
  return {
    userId,
    firstname: `First${userId}`,
    lastname: `Last${userId}`,
    username: `user${userId}`,
    email: `user${userId}@example.org`,
    signUpDate: '2025-03-04T10:00:00.000Z',
    lastValidationDate: userId % 2 ? null : '2025-05-06T10:00:00.000Z',
    isEnabled: true,
    userAccountValidationPending: pending,
  };
}

function fakeServer(routes: { toUpdate?: AccountToValidate[]; pending?: AccountToValidate[] }) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      sent.push({ method, url, body });
      if (method === 'GET' && url.startsWith('/api/userAccountsToUpdate/')) return json(200, routes.toUpdate ?? []);
      if (method === 'GET' && url === '/api/userAccountPendingList') return json(200, routes.pending ?? []);
      if (method === 'POST' && url === '/api/auth/userAccountToValidate') return json(200, { count: (body as number[]).length });
      return json(404, { message: 'Not found.' });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

async function pickDay(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getAllByRole('button', { name: label })[0]!);
}

describe('validate accounts page', () => {
  it('searches from the chosen day, selects all and asks them to validate; they then show Pending and disabled', async () => {
    signInAs('ADMIN');
    const sent = fakeServer({ toUpdate: [account(1), account(2)] });
    const user = userEvent.setup();
    renderApp('/validateAccounts');

    const search = await screen.findByRole('button', { name: text.SEARCH_ACCOUNTS }, { timeout: 10_000 });
    expect(search).toBeDisabled();
    // The calendar: two months by default, week numbers, month and year select boxes.
    expect(screen.getByRole('combobox', { name: text.MONTHS_SHOWN })).toHaveValue('2');
    await user.selectOptions(screen.getByRole('combobox', { name: text.YEAR }), '2025');
    await user.selectOptions(screen.getByRole('combobox', { name: text.MONTH }), '6');
    await pickDay(user, '15 June 2025');
    expect(search).toBeEnabled();
    await user.click(search);

    const rows = await screen.findAllByTestId('account-row');
    expect(rows).toHaveLength(2);
    expect(sent.find((call) => call.url.startsWith('/api/userAccountsToUpdate/'))!.url).toBe(
      `/api/userAccountsToUpdate/${new Date(2025, 5, 15).getTime()}`,
    );
    expect(within(rows[0]!).getByText(text.NO_PENDING)).toBeInTheDocument();
    expect(within(rows[0]!).getByText(formatDay('2025-03-04T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(rows[0]!).getByText(text.NEVER)).toBeInTheDocument();

    const ask = screen.getByRole('button', { name: text.REQUEST_VALIDATION });
    expect(ask).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: text.SELECT_ALL }));
    expect(ask).toBeEnabled();
    await user.click(ask);

    await screen.findByText('2 user(s) asked to validate their account.');
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual([1, 2]);
    for (const row of screen.getAllByTestId('account-row')) {
      expect(within(row).getByText(text.PENDING)).toBeInTheDocument();
      expect(within(row).getByRole('checkbox')).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: text.REQUEST_VALIDATION })).toBeDisabled();
  });

  it('says when there is no account to validate, and shows 6 months when asked', async () => {
    signInAs('ADMIN');
    fakeServer({ toUpdate: [] });
    const user = userEvent.setup();
    renderApp('/validateAccounts');
    await user.selectOptions(await screen.findByRole('combobox', { name: text.MONTHS_SHOWN }, { timeout: 10_000 }), '6');
    await user.selectOptions(screen.getByRole('combobox', { name: text.YEAR }), '2025');
    await user.selectOptions(screen.getByRole('combobox', { name: text.MONTH }), '1');
    for (const month of ['January', 'February', 'March', 'April', 'May', 'June']) {
      expect(screen.getAllByText(`${month} 2025`).length).toBeGreaterThan(0);
    }
    await pickDay(user, '3 March 2025');
    await user.click(screen.getByRole('button', { name: text.SEARCH_ACCOUNTS }));
    expect(await screen.findByText(text.NO_ACCOUNT_TO_VALIDATE)).toBeInTheDocument();
  });

  it("counts the days in the profile's zone, not the browser's, and names it under the calendar", async () => {
    // Auckland is 12 hours ahead of UTC in June, whatever zone the tests run in.
    signInAs('ADMIN', { timeZone: 'Pacific/Auckland' });
    const sent = fakeServer({ toUpdate: [] });
    const user = userEvent.setup();
    renderApp('/validateAccounts');
    await user.selectOptions(await screen.findByRole('combobox', { name: text.YEAR }, { timeout: 10_000 }), '2025');
    await user.selectOptions(screen.getByRole('combobox', { name: text.MONTH }), '6');
    expect(screen.getByTestId('validation-zone')).toHaveTextContent(
      // Today's offset: +13:00 in the southern summer, +12:00 in winter.
      /^Days begin at midnight in Pacific\/Auckland \(UTC\+1[23]:00\)$/,
    );
    await pickDay(user, '15 June 2025');
    await user.click(screen.getByRole('button', { name: text.SEARCH_ACCOUNTS }));
    await screen.findByText(text.NO_ACCOUNT_TO_VALIDATE);
    expect(sent.find((call) => call.url.startsWith('/api/userAccountsToUpdate/'))!.url).toBe(
      `/api/userAccountsToUpdate/${Date.UTC(2025, 5, 14, 12, 0)}`,
    );
  });

  it('is for administrators only', async () => {
    signInAs('USER');
    fakeServer({});
    const view = renderApp('/validateAccounts');
    await waitFor(() => expect(view.location()).toBe('/accessdenied'));
  });
});

describe('pending accounts page', () => {
  it('lists the pending accounts, or says there is none', async () => {
    signInAs('ADMIN');
    fakeServer({ pending: [account(3, true)] });
    renderApp('/displayValidationPendingAccounts');
    const [row] = await screen.findAllByTestId('account-row', {}, { timeout: 10_000 });
    expect(within(row!).getByText('user3')).toBeInTheDocument();
    expect(within(row!).getByText(text.PENDING)).toBeInTheDocument();
  });

  it('says when no account is pending', async () => {
    signInAs('ADMIN');
    fakeServer({ pending: [] });
    renderApp('/displayValidationPendingAccounts');
    expect(await screen.findByText(text.NO_VALIDATION_PENDING_ACCOUNT, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
