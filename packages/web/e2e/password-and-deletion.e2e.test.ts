// A person who forgot their password asks for a link, follows it from the mail, chooses a new password
// and signs in; then changes their password, changes their e-mail address through the link mailed to the
// new one, and deletes their account, which signs them out for good.
import { accountSecurityMessages as text, messages } from '@testbed/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { useJourney } from './support/journey';
import { linkTo, readOutbox, waitForMail } from './support/outbox';
import { apiSignIn, createUserViaApi } from './support/seed';
import { ADMIN } from './support/server';

const RESET_PASSWORD = 'Journey#Maple-2027';
const CHANGED_PASSWORD = 'Journey#Cedar-2028';
const NEW_EMAIL = 'rosalind.franklin@lab.example.net';
// An ordinary account, created by the administrator (the last administrator may not delete their account).
const PERSON = { username: 'rosalind_f', firstname: 'Rosalind', lastname: 'Franklin', email: 'rosalind@example.org', password: 'Journey#Birch-2026' };

describe('a person resets and changes their password, changes their e-mail and deletes their account', () => {
  const journey = useJourney();
  let userId: number;
  let resetLink: string;

  const storedUserId = () =>
    journey.page.evaluate(() => (JSON.parse(localStorage.getItem('currentUser') ?? 'null') as { userId: number } | null)?.userId ?? null);
  beforeAll(async () => {
    const admin = await apiSignIn(journey.server.url, ADMIN.username, ADMIN.password);
    await createUserViaApi(admin, PERSON);
  });

  const label = (name: string) => journey.page.getByLabel(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

  it('asks for a reset link from the sign-in page and is answered with the same sentence as anybody', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await page.getByRole('link', { name: messages.PASSWORD_FORGOTTEN }).click();
    await page.getByRole('heading', { level: 1, name: text.PASSWORD_FORGOTTEN_TITLE }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: text.SEND_RESET_LINK }).click();
    await page.getByText('Email is required').waitFor();
    await screenshot(page, 'password-forgotten-required');

    const before = (await readOutbox(server.dataDir)).length;
    await label(text.EMAIL).fill(PERSON.email.toUpperCase());
    await page.getByRole('button', { name: text.SEND_RESET_LINK }).click();
    await page.getByTestId('reset-requested').waitFor();
    expect(await page.getByTestId('reset-requested').textContent()).toBe(messages.RESET_PASSWORD_SENT);
    await screenshot(page, 'password-forgotten-sent');
    await expectNoAxeViolations(page);

    const mail = await waitForMail(server.dataDir, { to: PERSON.email, subject: /reset your password/, after: before });
    resetLink = linkTo(mail, 'resetPassword');
    expect(resetLink.startsWith(`${server.url}/resetPassword/`)).toBe(true);
  });

  it('follows the link from the mail, is refused a common password, and sets a new one', async () => {
    const { page } = journey;
    await page.goto(resetLink);
    await page.getByRole('heading', { level: 1, name: text.RESET_PASSWORD_TITLE }).waitFor();
    await expectNoAxeViolations(page);

    await label(text.NEW_PASSWORD).fill('Password123!');
    await label(text.NEW_PASSWORD_REPEAT).fill('Password123!');
    await page.getByRole('button', { name: text.SAVE_NEW_PASSWORD }).click();
    await page.getByText(text.COMMON_PASSWORD).waitFor();
    await screenshot(page, 'reset-password-common');
    await expectNoAxeViolations(page);

    await label(text.NEW_PASSWORD).fill(RESET_PASSWORD);
    await label(text.NEW_PASSWORD_REPEAT).fill(RESET_PASSWORD);
    await page.getByRole('button', { name: text.SAVE_NEW_PASSWORD }).click();
    await page.waitForURL(/\/signin\?passwordChanged=true$/);
    await page.getByText(messages.PASSWORD_CHANGED).waitFor();
    await screenshot(page, 'reset-password-done');
  });

  it('cannot use the same link twice', async () => {
    const { page } = journey;
    await page.goto(resetLink);
    await page.waitForURL(/\/invalidToken\?reason=used$/);
    await page.getByText(messages.TOKEN_ALREADY_USED).waitFor();
    await page.getByText(messages.TOKEN_NO_LONGER_VALID).waitFor();
    await screenshot(page, 'invalid-token-used');
    await expectNoAxeViolations(page);
  });

  it('signs in with the new password and changes it, after being told a wrong current one', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, PERSON.username, RESET_PASSWORD);
    await page.waitForURL(/\/home$/);
    userId = (await storedUserId())!;

    await page.goto(`${server.url}/changePassword/${userId}`);
    await page.getByRole('heading', { level: 1, name: text.CHANGE_PASSWORD_TITLE }).waitFor();
    await label(text.CURRENT_PASSWORD).fill('Not#The-Right-1');
    await label(text.NEW_PASSWORD).fill(CHANGED_PASSWORD);
    await label(text.NEW_PASSWORD_REPEAT).fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: text.SAVE_NEW_PASSWORD }).click();
    await page.getByTestId('current-password-wrong').waitFor();
    expect(await page.getByTestId('current-password-wrong').innerText()).toBe(`${messages.CURRENT_PASSWORD_WRONG}\n${messages.TRY_AGAIN}`);
    await screenshot(page, 'change-password-wrong-current');
    await expectNoAxeViolations(page);

    await label(text.CURRENT_PASSWORD).fill(RESET_PASSWORD);
    await page.getByRole('button', { name: text.SAVE_NEW_PASSWORD }).click();
    await page.waitForURL(new RegExp(`/user/${userId}$`));
    // Still signed in with the fresh session: the guarded pages open without a new sign-in.
    await page.goto(`${server.url}/changeEmail/${userId}`);
    await page.getByRole('heading', { level: 1, name: text.CHANGE_EMAIL_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/changeEmail/${userId}`);
  });

  it('changes the e-mail address through the link mailed to the new one, and the old one is told', async () => {
    const { page, server } = journey;
    await page.getByRole('textbox', { name: text.CURRENT_EMAIL }).waitFor();
    expect(await page.getByRole('textbox', { name: text.CURRENT_EMAIL }).inputValue()).toBe(PERSON.email);
    await label(text.NEW_EMAIL).fill(NEW_EMAIL);
    await label(text.NEW_EMAIL_REPEAT).fill('other@lab.example.net');
    await label(text.NEW_EMAIL).click();
    await page.getByText(text.EMAIL_REPEAT_MISMATCH).waitFor();
    expect(await page.getByRole('button', { name: text.VALIDATE_NEW_EMAIL }).isDisabled()).toBe(true);
    await screenshot(page, 'change-email-mismatch');
    await expectNoAxeViolations(page);

    const before = (await readOutbox(server.dataDir)).length;
    await label(text.NEW_EMAIL_REPEAT).fill(NEW_EMAIL);
    await page.getByRole('button', { name: text.VALIDATE_NEW_EMAIL }).click();
    await page.waitForURL(new RegExp(`/infoChangeEmail/${userId}$`));
    await page.getByTestId('info-change-email').waitFor();
    expect(await page.getByTestId('info-change-email').textContent()).toContain(NEW_EMAIL);
    await screenshot(page, 'info-change-email');
    await expectNoAxeViolations(page);

    const confirmation = await waitForMail(server.dataDir, { to: NEW_EMAIL, subject: /confirm your new e-mail address/, after: before });
    await page.goto(linkTo(confirmation, 'confirmChangeEmail'));
    await page.getByTestId('email-changed').waitFor();
    expect(await page.getByTestId('email-changed').textContent()).toBe(`The e-mail address of your account is now ${NEW_EMAIL}.`);
    await screenshot(page, 'confirm-change-email');
    await expectNoAxeViolations(page);

    const told = await waitForMail(server.dataDir, { to: PERSON.email, subject: /e-mail address has been changed/, after: before });
    expect(told.text).toContain(NEW_EMAIL);
  });

  it('deletes the account with the password, after being told a wrong one, and can no longer sign in', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/deleteAccount/${userId}`);
    await page.getByRole('heading', { level: 1, name: text.DELETE_ACCOUNT_TITLE }).waitFor();
    await screenshot(page, 'delete-account');
    await expectNoAxeViolations(page);

    await label(messages.PASSWORD).fill(RESET_PASSWORD);
    await page.getByRole('button', { name: messages.DELETE_ACCOUNT }).click();
    await page.getByTestId('password-wrong').waitFor();
    expect((await page.getByTestId('password-wrong').innerText()).replace(/\n+/g, '\n')).toBe(`${messages.PASSWORD_WRONG}\n${messages.PASSWORD_NOT_CORRECT}`);
    await screenshot(page, 'delete-account-wrong-password');
    await expectNoAxeViolations(page);

    await label(messages.PASSWORD).fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: messages.DELETE_ACCOUNT }).click();
    await page.waitForURL(/\/accountDeleted$/);
    await page.getByRole('heading', { level: 1, name: text.ACCOUNT_DELETED_TITLE }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'account-deleted');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: messages.BACK_TO_SIGN_IN }).click();
    await signIn(page, PERSON.username, CHANGED_PASSWORD);
    await page.getByTestId('signin-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
  });
});
