// A wrong password is answered with the bad-login text, and nobody is signed in.
import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

describe('a bad login', () => {
  const journey = useJourney();

  it('shows the bad-login text for a wrong password', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/signin`);
    await signIn(page, ADMIN.username, 'Not-the-r1ght-one');
    const error = page.getByTestId('signin-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    expect(text.replace(/\s+/g, ' ').trim()).toBe(messages.BAD_LOGIN);
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'bad-login');
  });
});
