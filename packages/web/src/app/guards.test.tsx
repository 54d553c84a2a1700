import { act, screen, waitFor } from '@testing-library/react';
import { accountSecurityMessages, messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { clearSession, STORAGE_KEYS } from '../shared/session';
import { abilitiesOf, mockFetch, renderApp, signInAs } from '../test/app';

describe('route guards', () => {
  it('sends an anonymous visitor of a guarded route to sign-in with a returnURL', async () => {
    const app = renderApp('/users');
    expect(await screen.findByRole('heading', { level: 1, name: messages.WELCOME })).toBeInTheDocument();
    expect(app.location()).toBe('/signin?returnURL=%2Fusers');
  });

  it('keeps the query string of the guarded route in the returnURL', async () => {
    const app = renderApp('/reservations/3?current=false');
    await screen.findByRole('heading', { level: 1, name: messages.WELCOME });
    expect(app.search().get('returnURL')).toBe('/reservations/3?current=false');
  });

  it('sends a USER opening an ADMIN route to access denied', async () => {
    signInAs('USER');
    const app = renderApp('/users');
    expect(await screen.findByRole('heading', { level: 1, name: messages.ACCESS_DENIED })).toBeInTheDocument();
    expect(app.location()).toBe('/accessdenied');
    expect(screen.getByRole('link', { name: messages.GO_BACK_HOME })).toHaveAttribute('href', '/home');
  });

  it('lets an ADMIN through to an ADMIN route', async () => {
    signInAs('ADMIN');
    mockFetch({ status: 200, body: { items: [], total: 0, page: 1, size: 50 } });
    const app = renderApp('/users');
    expect(await screen.findByRole('heading', { level: 1, name: messages.USERS })).toBeInTheDocument();
    expect(app.location()).toBe('/users');
  });

  it("decides by the abilities the server gave, not by the role", async () => {
    // A member to whom the policies give the users list (and nothing else of the administrators') opens it,
    // and still not the audit log.
    signInAs('USER', { abilities: { ...abilitiesOf('USER'), 'users:list': true } });
    mockFetch({ status: 200, body: { items: [], total: 0, page: 1, size: 50 } });
    const app = renderApp('/users');
    expect(await screen.findByRole('heading', { level: 1, name: messages.USERS })).toBeInTheDocument();
    expect(app.location()).toBe('/users');
    await app.navigate('/auditLog');
    expect(await screen.findByRole('heading', { level: 1, name: messages.ACCESS_DENIED })).toBeInTheDocument();
    expect(app.location()).toBe('/accessdenied');
  });

  it("sends a user the policies keep from the member's pages to access denied", async () => {
    signInAs('USER', { abilities: { ...abilitiesOf('USER'), 'portal:use': false } });
    const app = renderApp('/devices');
    expect(await screen.findByRole('heading', { level: 1, name: messages.ACCESS_DENIED })).toBeInTheDocument();
    expect(app.location()).toBe('/accessdenied');
  });

  it('reads a session stored without abilities, by an earlier version, as nobody signed in', async () => {
    const { abilities: _dropped, ...earlier } = signInAs('ADMIN');
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(earlier));
    const app = renderApp('/users');
    await screen.findByRole('heading', { level: 1, name: messages.WELCOME });
    expect(app.location()).toBe('/signin?returnURL=%2Fusers');
  });

  it('lets any signed-in user through a route without a role list', async () => {
    signInAs('USER');
    const app = renderApp('/changePassword/7');
    await screen.findByRole('heading', { level: 1, name: accountSecurityMessages.CHANGE_PASSWORD_TITLE });
    expect(app.location()).toBe('/changePassword/7');
  });

  it('sends a signed-in user who opens sign-in to their redirectURL', async () => {
    signInAs('USER', { userId: 12 });
    const app = renderApp('/signin');
    await waitFor(() => expect(app.location()).toBe('/home'));
  });

  it('sends a signed-in user who opens sign-in with a returnURL there', async () => {
    signInAs('USER');
    const app = renderApp('/signin?returnURL=%2Fuser%2F7');
    await waitFor(() => expect(app.location()).toBe('/user/7'));
  });

  it('ignores a returnURL that leaves the site', async () => {
    signInAs('USER');
    const app = renderApp('/signin?returnURL=%2F%2Fevil.example%2F');
    await waitFor(() => expect(app.location()).toBe('/home'));
  });

  it('sends a signed-in user whose token is missing to sign-out, which clears local storage', async () => {
    signInAs('USER');
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.setItem('unrelated', 'value');
    const app = renderApp('/reservations/7');
    expect(await screen.findByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE })).toBeInTheDocument();
    expect(app.location()).toBe('/signout');
    expect(localStorage.length).toBe(0);
  });

  it('ends a session whose token has expired and asks to sign in again', async () => {
    signInAs('USER', { expiresAt: Math.floor(Date.now() / 1000) - 10 });
    const app = renderApp('/reservations/7');
    expect(await screen.findByText(messages.DISCONNECTED)).toBeInTheDocument();
    expect(app.location()).toBe('/signin?disconnected=true&returnURL=%2Freservations%2F7');
    expect(localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull();
  });

  it('redirects the empty path to sign-in', async () => {
    const app = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: messages.WELCOME });
    expect(app.location()).toBe('/signin');
  });

  it('shows the not-found page for an unknown path, with a way back to sign-in when signed out', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: messages.PAGE_NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.BACK_TO_SIGN_IN })).toHaveAttribute('href', '/signin');
  });

  it('leads back home from the not-found page when signed in', async () => {
    signInAs('USER', { userId: 4 });
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: messages.PAGE_NOT_FOUND });
    expect(screen.getByRole('link', { name: messages.GO_BACK_HOME })).toHaveAttribute('href', '/home');
  });

  it('opens the open pages without a session', async () => {
    const app = renderApp('/accountInvalid');
    expect(await screen.findByRole('link', { name: messages.BACK_TO_SIGN_IN })).toHaveAttribute('href', '/signin');
    expect(app.location()).toBe('/accountInvalid');
  });

  it.each(['/signout', '/accountDeleted'])('ends the session on %s before the frame shows the signed-in navigation', async (url) => {
    signInAs('USER');
    renderApp(url);
    // Right after the first render, while the page's code still loads.
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.queryByRole('button', { name: messages.TOGGLE_NAVIGATION })).not.toBeInTheDocument();
    await screen.findByRole('link', { name: new RegExp(`^(${messages.RECONNECT}|${messages.BACK_TO_SIGN_IN})$`) });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('decides at navigation: a session ended on an open page does not move the user, the next navigation does', async () => {
    signInAs('USER');
    const app = renderApp('/changePassword/7');
    await screen.findByRole('heading', { level: 1, name: accountSecurityMessages.CHANGE_PASSWORD_TITLE });
    act(() => clearSession());
    expect(app.location()).toBe('/changePassword/7');
    await app.navigate('/reservations/7');
    await waitFor(() => expect(app.location()).toBe('/signin?returnURL=%2Freservations%2F7'));
  });

  it('shows a page that fails inside the frame, and the next page after a navigation', async () => {
    mockFetch({ status: 500, body: { message: 'Internal error.' } });
    const app = renderApp('/resetPassword/tok');
    expect(await screen.findByRole('heading', { level: 1, name: messages.LOADING_FAILED })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.RELOAD })).toBeInTheDocument();
    await app.navigate('/signin');
    expect(await screen.findByRole('heading', { level: 1, name: messages.WELCOME })).toBeInTheDocument();
  });
});
