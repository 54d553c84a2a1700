// Filling in the sign-up form field after field with the mouse: an error shown when a field is left must not
// move the page between the mouse-down and the mouse-up of the next click, or that click is lost.
import { registrationMessages as m } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, screenshot } from './support/browser';
import { useJourney } from './support/journey';

describe('the sign-up form under quick clicks', () => {
  // A loaded machine may take more than the usual 90 s to start the server.
  const journey = useJourney({ timeoutMs: 170_000 });
  const field = (label: string) => journey.page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`));

  it('lands every click on the field clicked, and shows each error once the click is over', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signup`);
    await page.getByRole('heading', { level: 1, name: m.SIGN_UP_TITLE }).waitFor();
    // Each field is left empty or wrong, so that leaving it shows an error above the next one.
    const order = [m.FIRST_NAME, m.LAST_NAME, m.USERNAME, m.EMAIL, m.EMAIL_VERIFICATION, m.PHONE_NUMBER, m.PASSWORD];
    for (const [index, label] of order.entries()) {
      await field(label).click();
      expect(await field(label).evaluate((element) => element === document.activeElement), label).toBe(true);
      if (label === m.USERNAME) await field(label).pressSequentially('Grace');
      if (label === m.PHONE_NUMBER) await field(label).pressSequentially('06 12 AB');
      // The error of the field left shows once the click is over.
      if (index > 0) await expect.poll(() => field(order[index - 1]!).getAttribute('aria-invalid'), { timeout: 5_000 }).toBe('true');
    }
    await page.getByText(m.INVALID_PHONE).waitFor();
    await screenshot(page, 'signup-quick-clicks');
    await expectNoAxeViolations(page);
  });

  it('does not lose the click on Reset when leaving a wrong field shows its error', async () => {
    const { page } = journey;
    await field(m.USERNAME).fill('');
    await field(m.USERNAME).pressSequentially('Grace');
    await field(m.PHONE_NUMBER).click();
    await field(m.PHONE_NUMBER).fill('');
    await field(m.FIRST_NAME).click();
    await field(m.FIRST_NAME).fill('Ada');
    // Leaving the first name (now valid) shows nothing; the username's error is shown already. A fresh wrong
    // value in the last field before Reset is what moves the page when it is left.
    await field(m.INTENDED_USAGE).click();
    await field(m.INTENDED_USAGE).fill('   ');
    await page.getByRole('button', { name: m.RESET }).click();
    await expect.poll(() => field(m.FIRST_NAME).inputValue(), { timeout: 10_000 }).toBe('');
    expect(await field(m.USERNAME).inputValue()).toBe('');
  });
});
