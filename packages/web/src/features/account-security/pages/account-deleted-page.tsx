// The confirmation that ends a deletion (accountDeleted). The person is signed out: the session is cleared
// before the page renders, as on sign-out.
import { Text } from '@mantine/core';
import { accountSecurityMessages as accountSecurityMessagesEn } from '@testbed/contract';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';
import { clearSession } from '../../../shared/session';
import { catalogue } from '../../../shared/i18n';

const text = catalogue('accountSecurity', accountSecurityMessagesEn);

export function loader() {
  clearSession();
  return null;
}

export function AccountDeletedPage() {
  return <BackToSignInPage title={text.ACCOUNT_DELETED_TITLE}><Text>{text.ACCOUNT_DELETED_TEXT}</Text></BackToSignInPage>;
}

export { AccountDeletedPage as Component };
