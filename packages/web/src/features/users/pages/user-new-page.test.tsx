import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userMessages } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';

// Typing through the real components is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

describe('Create a user page', () => {
  it("checks the fields with the contract's rules, shows the server's answer, then opens the new user", async () => {
    signInAs('ADMIN');
    let taken = true;
    const server = fakeServer({
      'POST /api/user': () =>
        taken
          ? { status: 409, body: { message: userMessages.USERNAME_TAKEN, fieldErrors: { username: [userMessages.USERNAME_TAKEN] } } }
          : { body: { userId: 42 } },
      'GET /api/user/42': () => ({ status: 404, body: { message: userMessages.USER_NOT_FOUND } }),
    });
    const app = renderApp('/user');
    const user = userEvent.setup();
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await user.click(await screen.findByRole('button', { name: userMessages.SUBMIT }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText(/^Invalid username\./)).toBeInTheDocument();
    expect(screen.getByText('Invalid email.')).toBeInTheDocument();
    expect(screen.getByText(/^Invalid Password\./)).toBeInTheDocument();
    expect(server.calls).toEqual([]);

    await fill(screen.getByLabelText(/^First name/), 'Nina');
    await fill(screen.getByLabelText(/^Last name/), 'Simone');
    await fill(screen.getByLabelText(/^Username/), 'nina_s');
    await fill(screen.getByLabelText(/^Email/), 'nina@example.org');
    await fill(screen.getByLabelText(/^Password/), 'Str0ng#Pass');
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    expect(await screen.findByText(userMessages.USERNAME_TAKEN)).toBeInTheDocument();

    taken = false;
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    await waitFor(() => expect(app.location()).toBe('/user/42'));
    expect(server.called('POST', '/api/user').at(-1)!.body).toMatchObject({
      firstname: 'Nina',
      lastname: 'Simone',
      username: 'nina_s',
      email: 'nina@example.org',
      password: 'Str0ng#Pass',
      phoneNumber: null,
      isAdmin: false,
      isEnabled: true,
    });
  });
});
