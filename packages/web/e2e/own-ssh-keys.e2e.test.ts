// A user deletes one of their own SSH keys from their account page, after a confirmation; their last key is
// kept while they hold a reservation that has not ended, and the page says why.
import { credentialMessages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { addSshKey, apiSignIn, bookViaApi, createUserViaApi, ed25519PublicKeyLine, type ApiSession } from './support/seed';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

const PERSON = { username: 'keyholder', firstname: 'Kim', lastname: 'Keyholder', password: 'Keyholder#2026' };
const DEVICE = { macAddress: '02:00:00:01:00:01', ipAddress: '10.0.1.11' };

describe('a user deletes their own SSH keys', () => {
  // A loaded machine may take more than the usual 90 s to start the server.
  const journey = useJourney({ timeoutMs: 170_000 });
  let user: ApiSession;

  const rows = () => journey.page.getByTestId('own-credential-row');

  it('sees both keys on their account page, each with a delete button', async () => {
    const { page, server } = journey;
    const admin = await apiSignIn(server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
    user = await apiSignIn(server.url, PERSON.username, PERSON.password);
    await addSshKey(user, user.userId, ed25519PublicKeyLine('kim@laptop'));
    await addSshKey(user, user.userId, ed25519PublicKeyLine('kim@desktop'));
    // A booking tomorrow: the last key must stay until it has ended.
    const tomorrow = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000);
    await bookViaApi(user, { userId: user.userId, start: tomorrow, durationMinutes: 60, devices: [DEVICE], timeZone: 'UTC', description: 'tomorrow' });

    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, PERSON.password);
    await page.waitForURL(/\/home$/);
    await page.goto(`${server.url}/user/${user.userId}`);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(2);
  });

  it('asks before deleting a key, and the key is gone', async () => {
    const { page } = journey;
    await rows().first().getByRole('button', { name: new RegExp(`^${credentialMessages.DELETE}`) }).click();
    const dialog = page.getByRole('dialog', { name: credentialMessages.DELETE_TITLE });
    await dialog.getByText(credentialMessages.DELETE_TEXT).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'own-ssh-key-delete-confirmation');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: credentialMessages.DELETE }).click();
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(1);
  });

  it('keeps the last key while a reservation is held, and says why', async () => {
    const { page } = journey;
    await rows().first().getByRole('button', { name: new RegExp(`^${credentialMessages.DELETE}`) }).click();
    const dialog = page.getByRole('dialog', { name: credentialMessages.DELETE_TITLE });
    await dialog.getByText(credentialMessages.DELETE_LAST_OWN_TEXT, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: credentialMessages.DELETE }).click();
    await page.getByTestId('credential-delete-error').filter({ hasText: credentialMessages.LAST_KEY_WHILE_BOOKED }).waitFor();
    expect(await rows().count()).toBe(1);
    // Still signed in: nothing was deleted.
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await page.getByTestId('credential-delete-error').scrollIntoViewIfNeeded();
    await screenshot(page, 'own-ssh-key-last-kept');
    await expectNoAxeViolations(page);
  });
});
