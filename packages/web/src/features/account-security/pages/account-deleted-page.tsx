// The confirmation that ends a deletion (accountDeleted). The person is signed out: the route clears the
// session before the page paints, as on sign-out (EndSession in app/guards.tsx).
import { Text } from '@mantine/core';
import { accountSecurityMessages as text } from '@testbed/contract';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';

export function AccountDeletedPage() {
  return <BackToSignInPage title={text.ACCOUNT_DELETED_TITLE}><Text>{text.ACCOUNT_DELETED_TEXT}</Text></BackToSignInPage>;
}

export { AccountDeletedPage as Component };
