// The administrator imports two accounts from pasted CSV text (a third, bad line is refused with its line
// number and reason), then asks one of the imported users to validate their account again and finds it
// among the accounts pending validation. The user completes her account from the link she was mailed, and
// the administrator validates it from his.
import { accountValidationMessages as text, messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot, signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';
import { linkTo, waitForMail } from './support/outbox';

const CSV = [
  'firstname,lastname,username,email,instituteName,countryName,employerType,professionalStatus,intendedUsage',
  'Marie,Curie,marie_curie,marie.curie@example.org,Institut du Radium,France,Research institute,Researcher,Radio measurements',
  'Bad,Address,bad_address,not-an-email,Somewhere,France,,,',
  'Pierre,Curie,pierre_curie,pierre.curie@example.org,Institut du Radium,France,Research institute,Professor,',
].join('\n');

describe('an administrator imports accounts and asks one to re-validate', () => {
  const journey = useJourney();

  it('imports two accounts from pasted CSV and shows the error of the bad line', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(/\/home$/);

    await page.goto(`${server.url}/importAccounts`);
    await page.getByRole('heading', { level: 1, name: text.IMPORT_ACCOUNTS }).waitFor();
    const importButton = page.getByRole('button', { name: text.IMPORT_ACCOUNTS, exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await screenshot(page, 'import-accounts-form');
    await expectNoAxeViolations(page);

    await page.getByRole('textbox', { name: text.IMPORT_DATA }).fill(CSV);
    await importButton.click();
    const count = page.getByTestId('imported-count');
    await count.waitFor();
    expect(await count.textContent()).toBe('Accounts imported: 2');
    const errors = page.getByTestId('import-errors');
    expect(await errors.getByRole('rowheader').allTextContents()).toEqual(['Line 3']);
    expect(await errors.getByRole('cell').allTextContents()).toEqual(['email: Invalid email.']);
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByRole('progressbar').waitFor();
    await screenshot(page, 'import-accounts-result');
    await expectNoAxeViolations(page);
  });

  it('asks Marie Curie to validate her account and sees it pending', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/validateAccounts`);
    await page.getByRole('heading', { level: 1, name: text.VALIDATE_ACCOUNTS }).waitFor();
    const search = page.getByRole('button', { name: text.SEARCH_ACCOUNTS });
    expect(await search.isDisabled()).toBe(true);

    // The imported accounts were validated today: search for accounts validated before tomorrow.
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await page.getByRole('combobox', { name: text.YEAR, exact: true }).selectOption(String(tomorrow.getFullYear()));
    await page.getByRole('combobox', { name: text.MONTH, exact: true }).selectOption(String(tomorrow.getMonth() + 1));
    const label = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(tomorrow);
    await page.getByRole('button', { name: label, exact: true }).first().click();
    await screenshot(page, 'validate-accounts-calendar');
    await expectNoAxeViolations(page);
    await search.click();

    const marie = page.getByTestId('account-row').filter({ hasText: 'marie_curie' });
    await marie.waitFor();
    expect(await marie.getByText(text.NO_PENDING).count()).toBe(1);
    await marie.getByRole('checkbox').check();
    await page.getByRole('button', { name: text.REQUEST_VALIDATION }).click();
    await page.getByText('1 user(s) asked to validate their account.').waitFor();
    expect(await marie.getByText(text.PENDING, { exact: true }).count()).toBe(1);
    expect(await marie.getByRole('checkbox').isDisabled()).toBe(true);
    const pierre = page.getByTestId('account-row').filter({ hasText: 'pierre_curie' });
    expect(await pierre.getByText(text.NO_PENDING).count()).toBe(1);
    await screenshot(page, 'validate-accounts-requested');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: text.SEE_PENDING_ACCOUNTS }).click();
    await page.getByRole('heading', { level: 1, name: text.VALIDATION_PENDING_ACCOUNTS }).waitFor();
    const rows = page.getByTestId('account-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('marie_curie');
    expect(await rows.first().getByText(text.PENDING, { exact: true }).count()).toBe(1);
    await screenshot(page, 'validation-pending-accounts');
    await expectNoAxeViolations(page);
  });

  it('lets Marie Curie update her account from her link, once', async () => {
    const { browser, server } = journey;
    const mail = await waitForMail(server.dataDir, { to: 'marie.curie@example.org', subject: /update and validate your account/ });
    const link = linkTo(mail, 'updateAccount');
    // Marie reads her mail in a browser of her own, where nobody is signed in.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: text.UPDATE_ACCOUNT }).waitFor();
    expect(await page.getByRole('textbox', { name: text.FIRST_NAME }).inputValue()).toBe('Marie');
    expect(await page.getByRole('textbox', { name: text.INSTITUTE_NAME }).inputValue()).toBe('Institut du Radium');
    const submit = page.getByRole('button', { name: text.UPDATE_MY_ACCOUNT });
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel(/^Password\s*\*?$/).fill('weak');
    await page.getByLabel(/^Password verification/).focus();
    await page.getByText(text.INVALID_PASSWORD, { exact: true }).waitFor();
    await page.getByLabel(/^Password\s*\*?$/).fill('Polonium#1898');
    await page.getByLabel(/^Password verification/).fill('Polonium#1898');
    await page.getByRole('textbox', { name: text.PHONE_NUMBER }).fill('0144273000');
    await screenshot(page, 'update-account-form');
    await expectNoAxeViolations(page);
    await submit.click();
    await page.waitForURL(/\/updateAccountPending$/);
    await page.getByText(text.UPDATE_ACCOUNT_PENDING_TEXT).waitFor();
    await screenshot(page, 'update-account-pending');
    await expectNoAxeViolations(page);

    await page.goto(link);
    await page.waitForURL(/\/accountAlreadyUpdatedByUser$/);
    await page.getByText(messages.ACCOUNT_ALREADY_UPDATED).waitFor();
    await screenshot(page, 'account-already-updated');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('validates the update from the administrators mail; a second opening says it was done', async () => {
    const { page, server } = journey;
    const mail = await waitForMail(server.dataDir, { to: ADMIN.email, subject: /marie_curie to validate/ });
    const link = linkTo(mail, 'confirmUserAccountUpdate');
    await page.goto(link);
    await page.getByText('The account update of Marie Curie (marie_curie) is validated: the account is enabled again.').waitFor();
    await screenshot(page, 'confirm-account-update');
    await expectNoAxeViolations(page);

    await page.goto(link);
    await page.getByText(messages.ACCOUNT_UPDATE_VALIDATED_BY_OTHER).waitFor();

    await page.goto(`${server.url}/displayValidationPendingAccounts`);
    await page.getByText(text.NO_VALIDATION_PENDING_ACCOUNT).waitFor();
  });
});
