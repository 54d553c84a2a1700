// registrationPending: the notice shown once the account request is sent, in three lines.
import { Button } from '@mantine/core';
import { registrationMessages } from '@testbed/contract';
import { Link } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { SentenceLines } from '../../../shared/components/sentence-lines';
import { paths } from '../../../shared/paths';

export function RegistrationPendingPage() {
  return (
    <MessagePage
      title={registrationMessages.REGISTRATION_PENDING_TITLE}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {registrationMessages.BACK_TO_SIGN_IN}
        </Button>
      }
    >
      <SentenceLines text={registrationMessages.REGISTRATION_PENDING} data-testid="registration-pending" />
    </MessagePage>
  );
}

export { RegistrationPendingPage as Component };
