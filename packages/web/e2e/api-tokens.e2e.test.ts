// A user creates a personal API token on their page, sees it once and copies it, the token works on the API,
// then the user revokes it and the API refuses it at once.
import { apiTokenMessages as m } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { useJourney } from './support/journey';
import { ADMIN } from './support/server';

describe('personal API tokens on the user page', () => {
  const journey = useJourney({ context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  let token = '';

  const me = (value: string) =>
    fetch(`${journey.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${value}` } }).then((reply) => reply.status);

  it('creates a token, shows it once and copies it', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? '{}').userId as number);
    await page.goto(`${server.url}/user/${userId}`);
    await page.getByRole('heading', { level: 2, name: m.TITLE }).waitFor();
    await page.getByText(m.NONE).waitFor();

    const form = page.getByRole('form', { name: m.CREATE });
    await form.getByRole('button', { name: m.CREATE }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByRole('textbox', { name: m.NAME }).fill('nightly experiment');
    await form.getByRole('combobox', { name: m.SCOPE }).click();
    await page.getByRole('option', { name: m.SCOPE_ALL }).click();
    await form.getByRole('combobox', { name: m.LIFETIME }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await screenshot(page, 'api-tokens-form');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: m.CREATE }).click();

    const dialog = page.getByRole('dialog', { name: m.CREATED_TITLE });
    await dialog.getByText(m.CREATED_TEXT).waitFor();
    token = (await dialog.getByTestId('new-api-token').textContent())!.trim();
    expect(token).toMatch(/^tbp_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: m.COPY }).click();
    await dialog.getByRole('button', { name: m.COPIED }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await page.waitForTimeout(400);
    await screenshot(page, 'api-tokens-created');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: m.DONE }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Shown once: the page no longer holds it.
    expect(await page.content()).not.toContain(token);
    expect(await me(token)).toBe(200);
  });

  it('lists the token with its scope and status, and its last use after a call', async () => {
    const { page } = journey;
    await page.reload();
    const row = page.getByTestId('api-token-row').filter({ hasText: 'nightly experiment' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('nightly experiment');
    expect(cells[1]).toBe('read+book+flash');
    expect(cells[3]).not.toBe(m.NEVER_USED);
    expect(cells[5]).toBe(m.STATUS_ACTIVE);
    await screenshot(page, 'api-tokens-list');
    await expectNoAxeViolations(page);
  });

  it('revokes the token after confirmation; the API refuses it at once', async () => {
    const { page } = journey;
    const row = page.getByTestId('api-token-row').filter({ hasText: 'nightly experiment' });
    await row.getByRole('button', { name: `${m.REVOKE} nightly experiment` }).click();
    const dialog = page.getByRole('dialog', { name: m.REVOKE_TITLE });
    await dialog.getByText('Scripts using "nightly experiment" will be refused').waitFor();
    await page.waitForTimeout(400);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: m.REVOKE }).click();
    await page.getByText(m.REVOKED).first().waitFor();
    await expect.poll(async () => (await row.getByRole('cell').allTextContents())[5]).toBe(m.STATUS_REVOKED);
    expect(await row.getByRole('button', { name: new RegExp(m.REVOKE) }).count()).toBe(0);
    await screenshot(page, 'api-tokens-revoked');
    expect(await me(token)).toBe(401);
  });

  it("shows the administrators every user's tokens, the revoked one included", async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/apiTokens`);
    await page.getByRole('heading', { level: 1, name: m.TITLE }).waitFor();
    const row = page.getByTestId('api-token-row').filter({ hasText: 'nightly experiment' });
    await row.waitFor();
    expect(await row.getByRole('link', { name: ADMIN.username }).count()).toBe(1);
    expect((await row.getByRole('cell').allTextContents())[6]).toBe(m.STATUS_REVOKED);
    await screenshot(page, 'api-tokens-admin-list');
    await expectNoAxeViolations(page);
  });
});
