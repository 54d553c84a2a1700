// The administrator adds their first SSH key from a .pub file, confirms, is signed out and signs in again;
// the credentials list then shows the key with its fingerprint, and deleting that last key signs them out.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { credentialMessages, messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

/** A fresh ed25519 public key as an OpenSSH line, and its SHA256 fingerprint as `ssh-keygen -l` prints it. */
function ed25519PublicKey(comment: string) {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return {
    line: `ssh-ed25519 ${blob.toString('base64')} ${comment}`,
    fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
  };
}

describe('an administrator adds and deletes their SSH key', () => {
  const journey = useJourney();
  let adminId: number;
  const key = ed25519PublicKey('admin@laptop');

  const keyField = () => journey.page.getByRole('textbox', { name: credentialMessages.SSH_KEY });
  const submit = () => journey.page.getByRole('button', { name: credentialMessages.SUBMIT_ADD });
  const storedUser = () => journey.page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? 'null') as { userId: number; hasSshKey: boolean } | null);

  it('signs in with no SSH key yet', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    const user = await storedUser();
    expect(user?.hasSshKey).toBe(false);
    adminId = user!.userId;
  });

  it('shows the add-key form and refuses what is not one public key line', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/credential/user/${adminId}`);
    await page.getByRole('heading', { level: 1, name: credentialMessages.ADD_SSH_KEY_OWN }).waitFor();
    await screenshot(page, 'ssh-key-form');
    await expectNoAxeViolations(page);

    await submit().click();
    await page.getByText('SSH key is required').waitFor();
    await keyField().fill(`no-pty,command="/bin/sh" ${key.line}`);
    await submit().click();
    await page.getByText(messages.INVALID_SSH_KEY).waitFor();
    expect(await keyField().getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'ssh-key-invalid');
    await expectNoAxeViolations(page);
  });

  it('reads the key from a .pub file, asks to confirm the first key, then signs out', async () => {
    const { page, server } = journey;
    await page.locator('input[type="file"]').setInputFiles({
      name: 'id_ed25519.pub',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(`${key.line}\n`),
    });
    await expect.poll(() => keyField().inputValue()).toBe(key.line);
    expect(await page.getByText(messages.INVALID_SSH_KEY).count()).toBe(0);

    await submit().click();
    const dialog = page.getByRole('dialog', { name: credentialMessages.FIRST_KEY_TITLE });
    await dialog.getByText(credentialMessages.FIRST_KEY_TEXT).waitFor();
    // Let the opening transition end before the picture and the contrast check.
    await page.waitForTimeout(400);
    await screenshot(page, 'ssh-key-first-key-confirmation');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: credentialMessages.OK }).click();

    await page.waitForURL(`${server.url}/signout`);
    await page.getByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'ssh-key-signed-out');
  });

  it('signs in again, now with an SSH key', async () => {
    const { page, server } = journey;
    await page.getByRole('link', { name: messages.RECONNECT }).click();
    await page.waitForURL(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    expect((await storedUser())?.hasSshKey).toBe(true);
  });

  it('lists the key with its fingerprint and owner, and shows its details', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/credentials`);
    await page.getByRole('heading', { level: 1, name: messages.CREDENTIALS }).waitFor();
    const row = page.getByTestId('credential-row').filter({ hasText: key.fingerprint });
    await row.waitFor();
    expect(await page.getByTestId('credential-row').count()).toBe(1);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.stringContaining('admin@laptop'),
      expect.any(String),
      expect.any(String),
      ADMIN.username,
      credentialMessages.DELETE,
    ]);
    await screenshot(page, 'ssh-key-credentials-list');
    await expectNoAxeViolations(page);

    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: credentialMessages.CREDENTIAL_DETAILS }).waitFor();
    expect(await page.getByTestId('credential-fingerprint').textContent()).toBe(key.fingerprint);
    expect(await page.getByTestId('credential-line').textContent()).toBe(key.line);
    await screenshot(page, 'ssh-key-details');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: credentialMessages.BACK_TO_CREDENTIALS }).click();
    await page.waitForURL(`${server.url}/credentials`);
  });

  it('deletes the last key after confirmation, which signs the administrator out to sign-in', async () => {
    const { page, server } = journey;
    const row = page.getByTestId('credential-row').filter({ hasText: key.fingerprint });
    await row.getByRole('button', { name: new RegExp(`^${credentialMessages.DELETE}`) }).click();
    const dialog = page.getByRole('dialog', { name: credentialMessages.DELETE_TITLE });
    await dialog.getByText(credentialMessages.DELETE_LAST_OWN_TEXT, { exact: false }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'ssh-key-delete-confirmation');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: credentialMessages.DELETE }).click();

    await page.waitForURL(/\/signin(\?|$)/);
    await page.getByRole('heading', { level: 1, name: messages.WELCOME }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    expect((await storedUser())?.hasSshKey).toBe(false);
    await page.goto(`${server.url}/credentials`);
    await page.getByText(credentialMessages.NO_CREDENTIAL).waitFor();
  });
});
