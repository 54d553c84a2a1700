// The administrator filters the users list, opens a user, edits and saves them, then adds and removes an
// intended usage and an employer from the user's details page.
import { employerMessages, intendedUsageMessages, userMessages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { adminPost, apiSignIn, createUserViaApi } from './support/seed';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

describe('an administrator manages the users directory', () => {
  const journey = useJourney();
  let graceId: number;

  it('finds a user with the last-name filter; valid user only is on by default', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    const person = (username: string, firstname: string, lastname: string, isEnabled = true) =>
      createUserViaApi(admin, { username, firstname, lastname, password: 'Str0ng#Pass', isEnabled });
    graceId = await person('grace_h', 'Grace', 'Hopper');
    await person('alan_t', 'Alan', 'Turing');
    await person('old_h', 'Old', 'Hopkins', false);
    await adminPost(admin, `/api/employer/createToUser/${graceId}`, {
      employer: { instituteName: 'Inria', countryName: 'France', laboratoryName: 'Lille' },
      startDate: '2021-09-01T08:00:00.000Z',
      current: true,
    });

    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    await page.goto(`${server.url}/users`);
    await page.getByRole('heading', { level: 1, name: userMessages.USERS }).waitFor();
    await page.getByLabel(userMessages.FILTER_LAST_NAME).fill('HOP');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await page.getByTestId('user-row').getByText('Hopper').waitFor();

    await page.getByRole('checkbox', { name: userMessages.VALID_USER_ONLY }).uncheck();
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(2);
    const hopkins = page.getByTestId('user-row').filter({ hasText: 'Hopkins' });
    expect(await hopkins.getAttribute('data-danger')).toBe('true');
    await screenshot(page, 'users-list-filtered');
    await expectNoAxeViolations(page);
  });

  it('opens the user, edits and saves them', async () => {
    const { page } = journey;
    await page.getByRole('link', { name: 'Hopper' }).click();
    await page.waitForURL(new RegExp(`/user/${graceId}$`));
    const firstname = page.getByLabel(new RegExp(`^${userMessages.FIRST_NAME}`));
    await expect.poll(() => firstname.inputValue()).toBe('Grace');
    await page.getByTestId('user-employer-row').first().waitFor();
    await screenshot(page, 'user-details-admin');
    await expectNoAxeViolations(page);

    await firstname.fill('Grace B.');
    await page.getByLabel(userMessages.PHONE_NUMBER).fill('0612345678');
    await page.getByRole('button', { name: userMessages.SUBMIT }).click();
    await page.getByText(userMessages.SAVED).waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(new RegExp(`^${userMessages.FIRST_NAME}`)).inputValue()).toBe('Grace B.');
    expect(await page.getByLabel(userMessages.PHONE_NUMBER).inputValue()).toBe('0612345678');
  });

  it('adds an intended usage, refusing blank text, then removes it', async () => {
    const { page } = journey;
    await page.getByRole('link', { name: userMessages.ADD_INTENDED_USAGE }).click();
    const field = page.getByLabel(new RegExp(`^${intendedUsageMessages.INTENDED_USAGE}`));
    await field.fill('    ');
    await page.getByRole('button', { name: intendedUsageMessages.SUBMIT }).click();
    await page.getByText('Please enter valid data').waitFor();
    await screenshot(page, 'intended-usage-invalid');
    await expectNoAxeViolations(page);
    await field.fill('Compiler experiments on constrained devices');
    await page.getByRole('button', { name: intendedUsageMessages.SUBMIT }).click();
    await page.waitForURL(new RegExp(`/user/${graceId}$`));
    const usage = page.getByTestId('intended-usage-row').filter({ hasText: 'Compiler experiments' });
    await usage.waitFor();

    await usage.getByRole('button', { name: /Delete/ }).click();
    const dialog = page.getByRole('dialog', { name: intendedUsageMessages.DELETE_TITLE });
    await dialog.getByRole('button', { name: intendedUsageMessages.DELETE }).click();
    await expect.poll(() => page.getByTestId('intended-usage-row').count()).toBe(0);
  });

  it('adds an employer, then removes it; the current one cannot be removed', async () => {
    const { page } = journey;
    await page.getByRole('link', { name: userMessages.ADD_EMPLOYER }).click();
    await page.getByLabel(new RegExp(`^${employerMessages.INSTITUTE_NAME}`)).fill('CNRS');
    await page.getByLabel(new RegExp(`^${employerMessages.COUNTRY}`)).fill('France');
    await page.getByLabel(new RegExp(`^${employerMessages.START_DATE}`)).fill('2019-01-15 09:00');
    await screenshot(page, 'user-employer-new');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: employerMessages.SAVE }).click();
    await page.waitForURL(new RegExp(`/user/${graceId}$`));
    const rows = page.getByTestId('user-employer-row');
    await expect.poll(() => rows.count()).toBe(2);
    // The current employer comes first.
    expect(await rows.first().getAttribute('data-current')).toBe('true');
    expect(await rows.first().getByRole('button', { name: /Delete Inria/ }).getAttribute('aria-disabled')).toBe('true');
    // Typed as yyyy-MM-dd HH:mm, shown in the reader's locale.
    await rows.nth(1).getByText(/15.*2019.*9:00|2019.*15.*9:00/).waitFor();

    await rows.nth(1).getByRole('button', { name: /Delete CNRS/ }).click();
    const dialog = page.getByRole('dialog', { name: employerMessages.DELETE_EMPLOYMENT_TITLE });
    await dialog.getByText('CNRS').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'user-employer-delete-modal');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: employerMessages.DELETE }).click();
    await expect.poll(() => rows.count()).toBe(1);
  });

  it('shows the employers list with the number of users', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/employers`);
    const inria = page.getByTestId('employer-row').filter({ hasText: 'Inria' });
    await inria.waitFor();
    expect(await inria.getByRole('button', { name: /Delete Inria/ }).getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'employers-list');
    await expectNoAxeViolations(page);
  });
});
