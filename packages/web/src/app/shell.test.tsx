import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { request } from '../shared/api-client';
import { mockFetch, renderApp, signInAs } from '../test/app';

async function openMenu(label: string) {
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: label });
  await user.click(button);
  // The button names its open list of links with aria-controls.
  return waitFor(() => {
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error(`menu ${label} is not open`);
    return menu;
  });
}

describe('shell', () => {
  it('shows no navigation menus to a visitor', async () => {
    renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: messages.WELCOME });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.SIGN_OUT })).not.toBeInTheDocument();
  });

  it("gives an administrator the Lists menu with its entries and every administrators' list", async () => {
    signInAs('ADMIN', { userId: 1 });
    renderApp('/user/1');
    const menu = await openMenu(messages.LISTS);
    const links = within(menu).getAllByRole('link', { hidden: true }).map((item) => [item.textContent, item.getAttribute('href')]);
    expect(links).toEqual([
      [messages.USERS, '/users'],
      [messages.VALIDATION_PENDING_ACCOUNTS_MENU, '/displayValidationPendingAccounts'],
      [messages.VALIDATE_ACCOUNTS_MENU, '/validateAccounts'],
      [messages.IMPORT_ACCOUNTS_MENU, '/importAccounts'],
      [messages.GROUPS, '/groups'],
      [messages.GROUP_TYPES, '/groupTypes'],
      [messages.CREDENTIALS, '/credentials'],
      [messages.API_TOKENS, '/apiTokens'],
      [messages.ROLES, '/roles'],
      [messages.EMPLOYERS, '/employers'],
      [messages.EMPLOYER_TYPES, '/employerTypes'],
      [messages.PROFESSIONAL_STATUS_LIST, '/professionalStatusList'],
      [messages.INTENDED_USAGES, '/intendedUsages'],
      [messages.USAGE_POLICIES, '/usagePolicies'],
    ]);
  });

  it('gives an administrator an Insight menu with the statistics and the audit log', async () => {
    signInAs('ADMIN', { userId: 1, hasSshKey: true });
    renderApp('/user/1');
    const menu = await openMenu(messages.INSIGHT);
    const links = within(menu).getAllByRole('link', { hidden: true }).map((item) => [item.textContent, item.getAttribute('href')]);
    expect(links).toEqual([
      [messages.STATISTICS, '/statistics'],
      [messages.AUDIT_LOG, '/auditLog'],
      [messages.FAILING_MAILS, '/failingMails'],
    ]);
  });

  it('gives an administrator the device health page in the Flash menu, after the flash screen, the experiments and their images, then every image', async () => {
    signInAs('ADMIN', { userId: 1, hasSshKey: true });
    renderApp('/user/1');
    const menu = await openMenu(messages.FLASH);
    const links = within(menu).getAllByRole('link', { hidden: true }).map((item) => [item.textContent, item.getAttribute('href')]);
    expect(links).toEqual([
      [messages.FLASH_NODES, '/flashNodes/1'],
      [messages.EXPERIMENTS_MENU, '/experiments'],
      [messages.MY_IMAGES, '/images'],
      [messages.DEVICE_HEALTH, '/deviceHealth'],
      [messages.MAINTENANCE, '/maintenance'],
      [messages.ALL_IMAGES, '/adminImages'],
    ]);
  });

  it('gives a user no Lists menu, and their own reservation and account links', async () => {
    signInAs('USER', { userId: 7, hasSshKey: true });
    renderApp('/user/7');
    await screen.findByRole('button', { name: messages.RESERVATION });
    expect(screen.queryByRole('button', { name: messages.LISTS })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.INSIGHT })).not.toBeInTheDocument();

    let menu = await openMenu(messages.RESERVATION);
    expect(within(menu).getByRole('link', { name: messages.DEVICES, hidden: true })).toHaveAttribute('href', '/devices');
    expect(within(menu).getByRole('link', { name: messages.HOME, hidden: true })).toHaveAttribute('href', '/home');
    expect(within(menu).getByRole('link', { name: messages.BOOK_DEVICES_MENU, hidden: true })).toHaveAttribute('href', '/bookDevices/7');
    expect(within(menu).getByRole('link', { name: messages.MY_RESERVATIONS_MENU, hidden: true })).toHaveAttribute('href', '/reservations/7');
    await userEvent.setup().keyboard('{Escape}');

    menu = await openMenu(messages.MY_ACCOUNT);
    expect(within(menu).getByRole('link', { name: messages.SEE_MY_ACCOUNT, hidden: true })).toHaveAttribute('href', '/user/7');
    expect(within(menu).getByRole('link', { name: messages.CHANGE_EMAIL, hidden: true })).toHaveAttribute('href', '/changeEmail/7');
    expect(within(menu).getByRole('link', { name: messages.CHANGE_PASSWORD, hidden: true })).toHaveAttribute('href', '/changePassword/7');
    expect(within(menu).getByRole('link', { name: messages.DELETE_ACCOUNT, hidden: true })).toHaveAttribute('href', '/deleteAccount/7');
  });

  it('sends a user without an SSH key to the no-key page from booking and flashing', async () => {
    signInAs('USER', { userId: 9, hasSshKey: false });
    renderApp('/user/9');
    let menu = await openMenu(messages.RESERVATION);
    expect(within(menu).getByRole('link', { name: messages.BOOK_DEVICES_MENU, hidden: true })).toHaveAttribute('href', '/noSshkeyValid/9');
    await userEvent.setup().keyboard('{Escape}');
    menu = await openMenu(messages.FLASH);
    expect(within(menu).getByRole('link', { name: messages.FLASH_NODES, hidden: true })).toHaveAttribute('href', '/noSshkeyValid/9');
  });

  it('closes a menu by Escape, giving the focus back to its button, by a press elsewhere and by following a link', async () => {
    signInAs('USER', { userId: 7 });
    const app = renderApp('/user/7');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: messages.RESERVATION });

    await openMenu(messages.RESERVATION);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: messages.RESERVATION })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await openMenu(messages.RESERVATION);
    await user.click(document.body);
    expect(screen.queryByRole('list', { name: messages.RESERVATION })).not.toBeInTheDocument();

    const menu = await openMenu(messages.RESERVATION);
    await user.click(within(menu).getByRole('link', { name: messages.DEVICES }));
    await waitFor(() => expect(app.location()).toBe('/devices'));
    expect(screen.queryByRole('list', { name: messages.RESERVATION })).not.toBeInTheDocument();
  });

  it('signs out: clears local storage and shows the sign-out page', async () => {
    signInAs('USER');
    localStorage.setItem('something-else', '1');
    const app = renderApp('/user/7');
    await userEvent.setup().click(await screen.findByRole('button', { name: messages.SIGN_OUT }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE })).toBeInTheDocument();
    expect(app.location()).toBe('/signout');
    expect(localStorage.length).toBe(0);
    expect(screen.queryByRole('button', { name: messages.SIGN_OUT })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.RECONNECT })).toHaveAttribute('href', '/signin');
  });

  it('moves a user whose session the server ended to sign-in with the disconnected notice', async () => {
    signInAs('USER');
    const app = renderApp('/user/7');
    await screen.findByRole('button', { name: messages.SIGN_OUT });
    mockFetch({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } });
    await act(async () => {
      await request('/api/user/7').catch(() => undefined);
    });
    expect(await screen.findByText(messages.DISCONNECTED)).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/signin?disconnected=true'));
    expect(localStorage.length).toBe(0);
  });

  it('moves a user refused with a 403 to the account-invalid page', async () => {
    signInAs('USER');
    const app = renderApp('/user/7');
    await screen.findByRole('button', { name: messages.SIGN_OUT });
    mockFetch({ status: 403, body: { message: messages.ACCOUNT_INVALID } });
    await act(async () => {
      await request('/api/user/7').catch(() => undefined);
    });
    expect(await screen.findByRole('link', { name: messages.BACK_TO_SIGN_IN })).toBeInTheDocument();
    expect(app.location()).toBe('/accountInvalid');
  });
});
