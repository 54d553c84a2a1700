// registrationPending: the notice shown once the account request is sent, in three lines.
import { registrationMessages } from '@testbed/contract';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in-button';
import { MessagePage } from '../../../shared/components/message-page';
import { SentenceLines } from '../../../shared/components/sentence-lines';

export function RegistrationPendingPage() {
  return (
    <MessagePage
      title={registrationMessages.REGISTRATION_PENDING_TITLE}
      actions={<BackToSignInButton />}
    >
      <SentenceLines text={registrationMessages.REGISTRATION_PENDING} data-testid="registration-pending" />
    </MessagePage>
  );
}

export { RegistrationPendingPage as Component };
