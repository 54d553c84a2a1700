// The way on from the pages a signed-out person reaches from a mail link or after leaving the portal.
import { commonMessages } from '@testbed/contract';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { MessagePage } from './message-page';

/** Labelled "Back to sign in" unless the page words it otherwise. */
export function BackToSignInButton({ label }: { label?: string }) {
  return (
    <Button component={Link} to={paths.signin.href()} w="fit-content">
      {label ?? commonMessages.BACK_TO_SIGN_IN}
    </Button>
  );
}

/** A page that tells a signed-out person one thing and leads back to sign-in. */
export function BackToSignInPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MessagePage title={title} actions={<BackToSignInButton />}>
      {children}
    </MessagePage>
  );
}
