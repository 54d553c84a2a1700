import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { employerMessages, PHONE_MESSAGE, userMessages, type UserDetails, type UserEmployer } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '../../../test/app';
import { fakeServer } from '../../../test/fake-server';
import { displayTimeZone, formatDateTime, formatDay } from '../../../shared/time';
import { getSession } from '../../../shared/session';

function employment(id: number, start: string, current = false): UserEmployer {
  return {
    userEmployerId: id,
    employer: { employerId: id, instituteName: `Institute ${id}`, countryName: 'France', laboratoryName: null, teamName: null, location: null, employerURL: null },
    employerType: { employerTypeId: 1, label: 'Academic' },
    professionalStatus: null,
    startDate: start,
    endDate: null,
    currentForUser: current,
  };
}

function details(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    userId: 7,
    firstname: 'Alice',
    lastname: 'Liddell',
    username: 'alice',
    email: 'alice@example.org',
    signUpDate: '2026-01-10T10:00:00.000Z',
    approvedDate: '2026-01-11T10:00:00.000Z',
    lastValidationDate: '2026-01-11T10:00:00.000Z',
    expirationDate: null,
    isEnabled: true,
    isAdmin: false,
    validationPending: false,
    hasToken: false,
    phoneNumber: '0102',
    instantMessaging: null,
    personalUrl: null,
    timeZone: null,
    charterAcceptanceDate: null,
    anonymised: false,
    roles: [{ roleId: 2, roleName: 'USER' }],
    userEmployers: [employment(1, '2019-01-01T09:30:00.000Z', true), employment(2, '2024-02-03T09:30:00.000Z'), employment(3, '2020-01-01T09:30:00.000Z')],
    intendedUsages: [{ intendedUsageId: 5, description: 'IoT experiments', createdAt: '2026-01-10T10:00:00.000Z' }],
    userGroups: [{ groupId: 1, name: 'Radio team', groupType: 'Project' }],
    managedGroups: [],
    assignableRoles: [],
    ...overrides,
  };
}

function serve(user: UserDetails) {
  return fakeServer({
    'GET /api/user/7': () => ({ body: user }),
    'PUT /api/user/7': ({ body }) => ({ body: { ...user, ...(body as object) } }),
    'GET /api/credentials/user/7': () => ({ body: [] }),
  });
}

// Typing through the real components is slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

describe('User details page', () => {
  it('shows a user their details without the administrators’ fields and saves only their own fields', async () => {
    signInAs('USER', { userId: 7 });
    const server = serve(details());
    renderApp('/user/7');
    const firstname = await screen.findByLabelText(/First name/);
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(userMessages.SIGN_UP_DATE)).toHaveValue(formatDay('2026-01-10T10:00:00.000Z'));
    for (const hidden of [userMessages.LAST_VALIDATION_DATE, userMessages.EXPIRATION_DATE, userMessages.IS_ADMIN, userMessages.IS_ENABLED]) {
      expect(screen.queryByLabelText(hidden)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: userMessages.DELETE_PARTIALLY })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: userMessages.BACK_TO_USERS })).not.toBeInTheDocument();
    expect(screen.queryByTestId('roles-panel')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(firstname);
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(firstname, 'Alicia');
    await user.clear(screen.getByLabelText(userMessages.PHONE_NUMBER));
    await user.type(screen.getByLabelText(userMessages.PHONE_NUMBER), '12ab');
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(userMessages.PHONE_NUMBER));
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    await waitFor(() => expect(server.called('PUT', '/api/user/7')).toHaveLength(1));
    expect(server.called('PUT', '/api/user/7')[0]!.body).toEqual({
      firstname: 'Alicia',
      lastname: 'Liddell',
      phoneNumber: null,
      instantMessaging: null,
      personalUrl: null,
      timeZone: null,
    });
  });

  it('saves the time zone chosen on the profile, and the session shows times in it from then on', async () => {
    signInAs('USER', { userId: 7 });
    const server = serve(details());
    renderApp('/user/7');
    const zone = await screen.findByLabelText(userMessages.TIME_ZONE);
    const user = userEvent.setup();
    await user.click(zone);
    await user.type(zone, 'Europe/Par');
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris', hidden: true }));
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    await waitFor(() => expect(server.called('PUT', '/api/user/7')).toHaveLength(1));
    expect(server.called('PUT', '/api/user/7')[0]!.body).toMatchObject({ timeZone: 'Europe/Paris' });
    await waitFor(() => expect(displayTimeZone()).toBe('Europe/Paris'));
    expect(getSession().user?.timeZone).toBe('Europe/Paris');
  });

  it('lays out the employers: current first in green with its note, then newest start first, in the reader’s format', async () => {
    signInAs('USER', { userId: 7 });
    serve(details());
    renderApp('/user/7');
    const rows = await screen.findAllByTestId('user-employer-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      `Institute 1${userMessages.CURRENT_EMPLOYER_NOTE}`,
      'Institute 2',
      'Institute 3',
    ]);
    expect(rows[0]).toHaveAttribute('data-current', 'true');
    expect(within(rows[1]!).getByText(formatDateTime('2024-02-03T09:30:00.000Z'))).toBeInTheDocument();
    // The current employer cannot be deleted; another one can.
    expect(within(rows[0]!).getByRole('button', { name: /Delete Institute 1/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(rows[0]!).getByText(employerMessages.NOT_CURRENT)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /Delete Institute 2/ })).not.toHaveAttribute('aria-disabled');
    expect(within(rows[1]!).getByRole('link', { name: /Details Institute 2/ })).toHaveAttribute('href', '/employer/user/7/userEmployer/2');
    expect(screen.getByText('IoT experiments')).toBeInTheDocument();
    expect(screen.getByText('Radio team (Project)')).toBeInTheDocument();
  });

  it('gives an administrator the flags, dates, roles and buttons; ADMIN follows the admin checkbox', async () => {
    signInAs('ADMIN', { userId: 1 });
    const server = serve(
      details({ assignableRoles: [{ roleId: 1, roleName: 'ADMIN' }, { roleId: 2, roleName: 'USER' }, { roleId: 3, roleName: 'OPERATOR' }], validationPending: true }),
    );
    renderApp('/user/7');
    const admin = await screen.findByRole('checkbox', { name: userMessages.IS_ADMIN });
    expect(screen.getByLabelText(userMessages.LAST_VALIDATION_DATE)).toBeInTheDocument();
    expect(screen.getByLabelText(userMessages.EXPIRATION_DATE)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: userMessages.IS_ENABLED })).toBeChecked();
    expect(screen.getByText(userMessages.PENDING)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: userMessages.CHANGE_EMAIL })).toHaveAttribute('href', '/changeEmailByAdmin/7');
    expect(screen.getByRole('link', { name: userMessages.CHANGE_PASSWORD })).toHaveAttribute('href', '/changePasswordByAdmin/7');
    expect(screen.getByRole('button', { name: userMessages.DELETE_PARTIALLY })).toBeEnabled();
    expect(screen.getByRole('link', { name: userMessages.BACK_TO_USERS })).toHaveAttribute('href', '/users');

    const user = userEvent.setup();
    const roles = within(screen.getByTestId('roles-panel'));
    await user.click(admin);
    expect(roles.getByRole('checkbox', { name: 'ADMIN' })).toBeChecked();
    await user.click(roles.getByRole('checkbox', { name: 'OPERATOR' }));
    await user.click(screen.getByRole('checkbox', { name: userMessages.IS_ENABLED }));
    await user.click(screen.getByRole('button', { name: userMessages.SUBMIT }));
    await waitFor(() => expect(server.called('PUT', '/api/user/7')).toHaveLength(1));
    const body = server.called('PUT', '/api/user/7')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ isAdmin: true, isEnabled: false, expirationDate: null });
    expect((body.roles as string[]).sort()).toEqual(['ADMIN', 'OPERATOR', 'USER']);
    expect(body.lastValidationDate).toBe('2026-01-11T10:00:00.000Z');

    await user.click(roles.getByRole('checkbox', { name: 'ADMIN' }));
    expect(admin).not.toBeChecked();
  });

  it("does not show another user's details to a user", async () => {
    signInAs('USER', { userId: 8 });
    const server = serve(details());
    const app = renderApp('/user/7');
    await waitFor(() => expect(app.location()).toBe('/accessdenied'));
    expect(server.called('GET', '/api/user/7')).toEqual([]);
  });
});
