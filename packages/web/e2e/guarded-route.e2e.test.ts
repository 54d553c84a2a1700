// An anonymous visitor of an administrator's page is asked to sign in and then taken back to it.
import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/browser';
import { ADMIN } from './support/server';
import { useJourney } from './support/journey';

describe('a guarded route', () => {
  const journey = useJourney();

  it('sends an anonymous visitor of /users to sign-in with a returnURL, then back to /users', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/users`);
    await page.waitForURL(`${server.url}/signin?returnURL=%2Fusers`);
    await page.getByRole('heading', { level: 1, name: messages.WELCOME }).waitFor();

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL(`${server.url}/users`);
    expect(new URL(page.url()).pathname).toBe('/users');
    await page.getByRole('button', { name: messages.SIGN_OUT }).waitFor();
  });
});
