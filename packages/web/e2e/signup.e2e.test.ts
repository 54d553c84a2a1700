// A visitor requests an account (solving the real ALTCHA proof of work in the browser), validates their
// e-mail from the link mailed to them, cannot sign in until an administrator, signed in through the
// validation link mailed to the administrators, reads the request and approves it, and then signs in. A
// second request is refused with a reason, which the applicant receives. The journey reads the mails from the server's outbox
// folder, as a newcomer running the portal without SMTP would.
import { messages, registrationMessages as m } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { useJourney } from './support/journey';
import { linkTo, readOutbox, waitForMail } from './support/outbox';
import { confirmEmailViaApi, requestAccountViaApi } from './support/seed';
import { ADMIN } from './support/server';

/** A 1x1 PNG, as a photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const VISITOR = {
  firstname: 'Grace',
  lastname: 'Hopper',
  username: 'grace_hopper',
  email: 'grace.hopper@example.org',
  password: 'Kestrel#Orbit42',
};

describe('a visitor signs up and is approved', () => {
  const journey = useJourney();
  const field = (label: string) => journey.page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`));
  let emailLink: string;
  let adminLink: string;

  it('opens the sign-up form from the sign-in page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await page.getByRole('link', { name: messages.SIGN_UP }).click();
    await page.getByRole('heading', { level: 1, name: m.SIGN_UP_TITLE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await page.getByRole('button', { name: m.SUBMIT }).isDisabled()).toBe(true);
    await screenshot(page, 'signup-empty');
    await expectNoAxeViolations(page);
  });

  it('shows the rule messages while the form is filled in', async () => {
    const { page } = journey;
    await field(m.USERNAME).fill('Grace');
    await field(m.EMAIL_VERIFICATION).click();
    await page.getByText(/^Invalid username\. Username must start with 1 lower case letter/).waitFor();
    await field(m.PASSWORD).fill('short');
    await field(m.PASSWORD_VERIFICATION).click();
    await page.getByText(/^Invalid Password\./).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'signup-errors');
    await expectNoAxeViolations(page);
  });

  it('sends a complete request once the captcha is solved, and says it is pending', async () => {
    const { page } = journey;
    await field(m.FIRST_NAME).fill(VISITOR.firstname);
    await field(m.LAST_NAME).fill(VISITOR.lastname);
    await field(m.USERNAME).fill(VISITOR.username);
    await page.getByText(m.USERNAME_AVAILABLE).waitFor();
    await field(m.EMAIL).fill(VISITOR.email);
    await field(m.EMAIL_VERIFICATION).fill(VISITOR.email);
    await field(m.PHONE_NUMBER).fill('0612345678');
    await page.locator('input[type="file"][accept^="image/"]').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: m.PHOTO }).waitFor();
    await field(m.PASSWORD).fill(VISITOR.password);
    await field(m.PASSWORD_VERIFICATION).fill(VISITOR.password);
    await field(m.INSTITUTE_NAME).fill('Institute of Testbeds');
    await field(m.LABORATORY_NAME).fill('Networks Lab');
    await field(m.COUNTRY).fill('France');
    await field(m.EMPLOYER_TYPE).first().click();
    await page.getByRole('option', { name: 'Academic' }).click();
    await field(m.INTENDED_USAGE).fill('Experiments on low-power wireless routing.');
    expect(await page.getByRole('button', { name: m.SUBMIT }).isDisabled()).toBe(true);

    // The real widget: fetch a challenge, solve its proof of work, hand the payload to the form.
    // Its drawn check box lies over the real one, as for a person: click the words beside it.
    await page.locator('altcha-widget').getByText("I'm not a robot").click();
    const submit = page.getByRole('button', { name: m.SUBMIT });
    await expect.poll(() => submit.isEnabled(), { timeout: 60_000 }).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'signup-filled');
    await expectNoAxeViolations(page);

    await submit.click();
    await page.waitForURL(/\/registrationPending$/);
    const notice = page.getByTestId('registration-pending');
    expect((await notice.innerText()).split('\n')).toHaveLength(3);
    await screenshot(page, 'registration-pending');
    await expectNoAxeViolations(page);
  });

  it('cannot sign in before the account is validated', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, VISITOR.username, VISITOR.password);
    const error = page.getByTestId('signin-error');
    await error.waitFor();
    expect((await error.innerText()).replace(/\s+/g, ' ').trim()).toBe(messages.ACCOUNT_INVALID);
  });

  it('validates the e-mail from the link of the mail, then counts down to sign-in', async () => {
    const { page, server } = journey;
    const mail = await waitForMail(server.dataDir, { to: VISITOR.email, subject: /validate your email/ });
    expect(mail.text).toContain(VISITOR.username);
    emailLink = linkTo(mail, 'confirm-email');
    const before = (await readOutbox(server.dataDir)).length;

    await page.goto(emailLink);
    await page.getByTestId('confirm-email-result').filter({ hasText: m.EMAIL_VALIDATED }).waitFor();
    await page.getByTestId('redirect-countdown').filter({ hasText: /in (60|59|58) seconds/ }).waitFor();
    await screenshot(page, 'confirm-email');
    await expectNoAxeViolations(page);

    const adminMail = await waitForMail(server.dataDir, { to: ADMIN.email, subject: new RegExp(VISITOR.username), after: before });
    expect(adminMail.text).toContain('Experiments on low-power wireless routing.');
    adminLink = linkTo(adminMail, 'confirmUserAccount');
  });

  it('says the e-mail was already validated when the link is opened again', async () => {
    const { page } = journey;
    await page.goto(emailLink);
    await page.getByTestId('confirm-email-result').filter({ hasText: messages.EMAIL_ALREADY_VALIDATED }).waitFor();
    await screenshot(page, 'confirm-email-already');
  });

  it('leads the administrator from the link through sign-in to the request, which opening changes nothing', async () => {
    const { page, server } = journey;
    await page.goto(adminLink);
    await page.waitForURL(/\/signin\?returnURL=/);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/confirmUserAccount\//);
    const request = page.getByTestId('account-request');
    await request.waitFor();
    const text = await request.innerText();
    for (const part of [`${VISITOR.firstname} ${VISITOR.lastname}`, VISITOR.email, 'Institute of Testbeds', 'Academic', 'Experiments on low-power wireless routing.']) {
      expect(text).toContain(part);
    }
    await screenshot(page, 'confirm-user-account-request');
    await expectNoAxeViolations(page);
    // Opening the link approved nothing: the applicant still cannot sign in.
    const refused = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: VISITOR.username, password: VISITOR.password }),
    });
    expect(((await refused.json()) as { message: string }).message).toBe(messages.ACCOUNT_INVALID);
  });

  it('approves the request: the applicant is told by mail, and the link then says who approved it', async () => {
    const { page, server } = journey;
    await page.getByRole('button', { name: m.APPROVE }).click();
    await page.getByTestId('confirm-account-result').filter({ hasText: m.ACCOUNT_VALIDATED }).waitFor();
    await screenshot(page, 'confirm-user-account');
    await expectNoAxeViolations(page);

    const approved = await waitForMail(server.dataDir, { to: VISITOR.email, subject: /your account has been validated/ });
    expect(approved.text).toContain(`${server.url}/signin`);

    await page.goto(adminLink);
    await page.getByTestId('confirm-account-result').filter({ hasText: new RegExp(`approved by .*\\(${ADMIN.username}\\)`) }).waitFor();
    await screenshot(page, 'confirm-user-account-already');
  });

  it('refuses another request with a reason, which is mailed to the applicant', async () => {
    const { page, server } = journey;
    const applicant = { firstname: 'Max', lastname: 'Mustermann', username: 'max_muster', email: 'max@example.org', password: 'Kestrel#Orbit43' };
    const before = (await readOutbox(server.dataDir)).length;
    await requestAccountViaApi(server.url, { ...applicant, instituteName: 'Unknown Institute', countryName: 'Germany', intendedUsage: 'Testing.' });
    const emailMail = await waitForMail(server.dataDir, { to: applicant.email, subject: /validate your email/, after: before });
    await confirmEmailViaApi(server.url, new URL(linkTo(emailMail, 'confirm-email')).pathname.split('/').pop()!);
    const adminMail = await waitForMail(server.dataDir, { to: ADMIN.email, subject: new RegExp(applicant.username), after: before });

    await page.goto(linkTo(adminMail, 'confirmUserAccount'));
    await page.getByTestId('account-request').filter({ hasText: 'Max Mustermann' }).waitFor();
    await page.getByRole('button', { name: m.REFUSE }).click();
    const dialog = page.getByRole('dialog', { name: m.REFUSE_TITLE });
    await dialog.getByRole('button', { name: m.CONFIRM_REFUSAL }).click();
    await dialog.getByText(m.REFUSAL_REASON_REQUIRED).waitFor();
    await dialog.getByRole('textbox', { name: m.REFUSAL_REASON }).fill('We do not know your institute: please apply with your institutional address.');
    await screenshot(page, 'confirm-user-account-refuse');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: m.CONFIRM_REFUSAL }).click();
    await page.getByTestId('confirm-account-result').filter({ hasText: m.ACCOUNT_REFUSED }).waitFor();
    await screenshot(page, 'confirm-user-account-refused');
    await expectNoAxeViolations(page);

    const refusal = await waitForMail(server.dataDir, { to: applicant.email, subject: /not accepted/, after: before });
    expect(refusal.text).toContain('please apply with your institutional address');
    await page.goto(`${server.url}/signout`);
    await page.getByRole('heading', { level: 1, name: messages.DISCONNECTED_TITLE }).waitFor();
  });

  it('signs the new user in', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, VISITOR.username, VISITOR.password);
    await page.waitForURL(/\/home$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? 'null') as { username: string; authorities: unknown[] });
    expect(stored.username).toBe(VISITOR.username);
    expect(stored.authorities).toEqual([{ authority: 'USER' }]);
  });

  it('sends an unknown link to the invalid-token page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/confirm-email/not-a-real-token`);
    await page.waitForURL(/\/invalidToken$/);
  });
});
