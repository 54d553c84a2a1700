// registrationPending: the notice shown once the account request is sent, in three lines.
import { registrationMessages } from '@testbed/contract';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';
import { SentenceLines } from '../../../shared/components/sentence-lines';

export function RegistrationPendingPage() {
  return (
    <BackToSignInPage title={registrationMessages.REGISTRATION_PENDING_TITLE}>
      <SentenceLines text={registrationMessages.REGISTRATION_PENDING} data-testid="registration-pending" />
    </BackToSignInPage>
  );
}

export { RegistrationPendingPage as Component };
