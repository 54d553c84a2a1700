import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PASSWORD_MESSAGE,
  registrationMessages as m,
  USERNAME_MESSAGE,
  type SignupChoices,
} from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/app';

const choices: SignupChoices = {
  employers: [
    {
      employerId: 4,
      instituteName: 'Inria',
      laboratoryName: 'Networks Lab',
      teamName: 'Wireless',
      location: 'Grenoble',
      countryName: 'France',
      employerURL: 'https://inria.fr',
    },
  ],
  employerTypes: [{ id: 1, label: 'Academic' }],
  professionalStatuses: [{ id: 3, label: 'Researcher' }],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers the sign-up page's calls like the server would, and records them. */
function fakeServer(options: { takenUsernames?: string[]; takenEmails?: string[]; signup?: { status: number; body: unknown } } = {}) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(input, 'http://localhost');
      calls.push({ method, url: `${url.pathname}${url.search}`, body: init.body ? JSON.parse(String(init.body)) : undefined });
      switch (url.pathname) {
        case '/api/auth/signupChoices':
          return json(200, choices);
        case '/api/auth/captcha':
          return json(200, { provider: 'altcha', challengeUrl: '/api/auth/captcha/challenge' });
        case '/api/auth/checkIfUsernameAvailable': {
          const taken = options.takenUsernames?.includes(url.searchParams.get('username') ?? '');
          return json(200, taken ? { available: false, message: m.USERNAME_TAKEN } : { available: true });
        }
        case '/api/auth/checkIfEmailAvailable': {
          const taken = options.takenEmails?.includes(url.searchParams.get('email') ?? '');
          return json(200, taken ? { available: false, message: m.EMAIL_TAKEN } : { available: true });
        }
        case '/api/auth/signup':
          return json(options.signup?.status ?? 201, options.signup?.body ?? { message: m.REGISTRATION_PENDING });
        default:
          return json(404, { message: 'Not found.' });
      }
    }),
  );
  return { calls, usernameChecks: () => calls.filter((call) => call.url.startsWith('/api/auth/checkIfUsernameAvailable')) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openSignup() {
  const view = renderApp('/signup');
  await screen.findByRole('heading', { name: m.SIGN_UP_TITLE });
  return view;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input of a label; a required field's label ends with Mantine's asterisk. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}\\s*\\*?$`), { selector: 'input, textarea' });
const submitButton = () => screen.getByRole('button', { name: m.SUBMIT });

/** The captcha widget reports a solution, as the real one does once its proof of work is done. */
async function solveCaptcha() {
  const widget = await waitFor(() => {
    const element = document.querySelector('altcha-widget');
    if (!element) throw new Error('no captcha widget yet');
    return element;
  });
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'c29sdmVk' } }));
  });
}

/** Types a whole value at once, as pasting does: the form re-checks once instead of once per key. */
async function enter(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.click(field(label));
  await user.paste(value);
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, m.FIRST_NAME, 'Grace');
  await enter(user, m.LAST_NAME, 'Hopper');
  await enter(user, m.USERNAME, 'grace_h');
  await enter(user, m.EMAIL, 'grace@example.org');
  await enter(user, m.EMAIL_VERIFICATION, 'grace@example.org');
  await enter(user, m.PASSWORD, 'Kestrel#Orbit42');
  await enter(user, m.PASSWORD_VERIFICATION, 'Kestrel#Orbit42');
  await enter(user, m.INSTITUTE_NAME, 'Institute of Testbeds');
  await enter(user, m.COUNTRY, 'France');
}

describe('the sign-up form', { timeout: 30_000 }, () => {
  it('shows the sections and keeps submit disabled while the form is invalid', async () => {
    fakeServer();
    await openSignup();
    for (const legend of [m.PERSONAL_INFORMATION, m.CREDENTIALS, m.EMPLOYER, m.INTENDED_USAGE, m.CAPTCHA]) {
      expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: m.RESET })).toBeEnabled();
    expect(screen.getByRole('link', { name: m.BACK_TO_SIGN_IN })).toHaveAttribute('href', '/signin');
    expect(submitButton()).toBeDisabled();
  });

  it("says '{field} is required' for each required field left empty", async () => {
    fakeServer();
    const user = userEvent.setup();
    await openSignup();
    const required: Array<[string, string]> = [
      [m.FIRST_NAME, 'First name is required'],
      [m.LAST_NAME, 'Last name is required'],
      [m.USERNAME, 'Username is required'],
      [m.EMAIL_VERIFICATION, 'Email verification is required'],
      [m.PASSWORD_VERIFICATION, 'Password verification is required'],
      [m.INSTITUTE_NAME, 'Institute name is required'],
      [m.COUNTRY, 'Country is required'],
    ];
    for (const [label] of required) {
      await user.click(field(label));
      await user.tab();
    }
    for (const [, message] of required) expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(field(m.EMAIL));
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('shows the rule messages of the contract as the person types', async () => {
    fakeServer();
    const user = userEvent.setup();
    await openSignup();
    await user.type(field(m.USERNAME), 'Grace');
    await user.tab();
    expect(await screen.findByText(USERNAME_MESSAGE)).toBeInTheDocument();

    await enter(user, m.EMAIL, 'grace.example.org');
    await user.tab();
    expect(await screen.findByText(m.INVALID_EMAIL)).toBeInTheDocument();
    await user.clear(field(m.EMAIL));
    await enter(user, m.EMAIL, 'grace@example.org');
    await enter(user, m.EMAIL_VERIFICATION, 'grace@example.com');
    await user.tab();
    expect(await screen.findByText(m.EMAIL_MISMATCH)).toBeInTheDocument();

    const password = field(m.PASSWORD);
    await user.type(password, 'weakpass');
    await user.tab();
    expect(await screen.findByText(PASSWORD_MESSAGE)).toBeInTheDocument();
    await user.clear(password);
    await user.click(password);
    await user.paste('Kestrel#Orbit42');
    await enter(user, m.PASSWORD_VERIFICATION, 'Kestrel#Orbit43');
    await user.tab();
    expect(await screen.findByText(m.PASSWORD_MISMATCH)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_MESSAGE)).not.toBeInTheDocument();

    await user.type(field(m.PHONE_NUMBER), '06 12 AB');
    await user.tab();
    expect(await screen.findByText(m.INVALID_PHONE)).toBeInTheDocument();

    await user.type(field(m.INTENDED_USAGE), '   ');
    await user.tab();
    expect(await screen.findByText(m.INVALID_DATA)).toBeInTheDocument();

    await enter(user, m.SSH_KEY, 'not a key');
    await user.tab();
    expect(await screen.findByText('Invalid SSH key.')).toBeInTheDocument();
  });

  it("checks the username with the server once typing stops, and shows the server's message when it is taken", async () => {
    const server = fakeServer({ takenUsernames: ['grace_h'] });
    const user = userEvent.setup();
    await openSignup();
    await user.type(field(m.USERNAME), 'grace_h');
    expect(await screen.findByText(m.USERNAME_TAKEN, undefined, { timeout: 3000 })).toBeInTheDocument();
    // One check, for the name as finally typed, not one per keystroke.
    expect(server.usernameChecks().map((call) => call.url)).toEqual(['/api/auth/checkIfUsernameAvailable?username=grace_h']);

    await user.type(field(m.USERNAME), 'x');
    expect(await screen.findByText(m.USERNAME_AVAILABLE, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText(m.USERNAME_TAKEN)).not.toBeInTheDocument();
  });

  it('says when the email is already used, once the field is left', async () => {
    fakeServer({ takenEmails: ['grace@example.org'] });
    const user = userEvent.setup();
    await openSignup();
    await enter(user, m.EMAIL, 'Grace@example.org');
    await user.tab();
    expect(await screen.findByText(m.EMAIL_TAKEN)).toBeInTheDocument();
  });

  it('fills the employer fields from an existing employer picked by double-click', async () => {
    fakeServer();
    const user = userEvent.setup();
    await openSignup();
    const table = await screen.findByTestId('existing-employers');
    const row = await within(table).findByText('Networks Lab');
    await user.dblClick(row);
    expect(field(m.INSTITUTE_NAME)).toHaveValue('Inria');
    expect(field(m.COUNTRY)).toHaveValue('France');
    expect(field(m.TEAM_NAME)).toHaveValue('Wireless');
    expect(screen.getByTestId('picked-employer')).toHaveTextContent(`${m.PICKED_EMPLOYER} Inria, Networks Lab`);
    // Editing the employer afterwards makes it a new one.
    await user.type(field(m.TEAM_NAME), ' 2');
    expect(screen.queryByTestId('picked-employer')).not.toBeInTheDocument();
  });

  it('enables submit once the form is valid and the captcha solved, sends the form and goes to registrationPending', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    const view = await openSignup();
    await fillValidForm(user);
    expect(submitButton()).toBeDisabled();
    await solveCaptcha();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(view.location()).toBe('/registrationPending'));
    expect(await screen.findByTestId('registration-pending')).toHaveTextContent(m.REGISTRATION_PENDING.split('. ')[0]!);
    const sent = server.calls.find((call) => call.url === '/api/auth/signup');
    expect(sent?.body).toMatchObject({
      firstname: 'Grace',
      username: 'grace_h',
      email: 'grace@example.org',
      password: 'Kestrel#Orbit42',
      instituteName: 'Institute of Testbeds',
      countryName: 'France',
      appRecaptcha: 'c29sdmVk',
    });
  });

  it("shows the server's field message when it refuses the request", async () => {
    fakeServer({ signup: { status: 400, body: { message: 'password: too common', fieldErrors: { password: [m.COMMON_PASSWORD] } } } });
    const user = userEvent.setup();
    await openSignup();
    await fillValidForm(user);
    await solveCaptcha();
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.submit(submitButton().closest('form')!);
    expect(await screen.findByText(m.COMMON_PASSWORD)).toBeInTheDocument();
  });
});
