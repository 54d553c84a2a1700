// confirm-email/{token}: uses the e-mail validation link, says whether the e-mail was validated now or
// before, then counts down from 60 seconds and goes to sign-in.
import { Button, Text } from '@mantine/core';
import { registrationMessages, commonMessages } from '@testbed/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useConfirmEmail } from '../api/registration';
import { TokenOutcome } from '../components/token-outcome';

/** The countdown before the redirect to sign-in. */
export const REDIRECT_SECONDS = 60;

function Countdown() {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000));
      setSeconds(left);
      if (left === 0) {
        clearInterval(timer);
        void navigate(paths.signin.href(), { replace: true });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [navigate]);
  return (
    <Text data-testid="redirect-countdown" aria-live="off">
      {registrationMessages.REDIRECT_COUNTDOWN.replace('{{seconds}}', String(seconds))}
    </Text>
  );
}

export function ConfirmEmailPage() {
  const signIn = (
    <Button component={Link} to={paths.signin.href()} w="fit-content">
      {commonMessages.SIGN_IN}
    </Button>
  );
  // Kept alike the account link's page on purpose: TokenOutcome holds the logic, these props are this link's words.
  return (
    <TokenOutcome
      title={registrationMessages.CONFIRM_EMAIL_TITLE}
      useConfirmation={useConfirmEmail}
      validatedNow={registrationMessages.EMAIL_VALIDATED}
      validatedBefore={commonMessages.EMAIL_ALREADY_VALIDATED}
      testId="confirm-email-result"
      actions={signIn}
    >
      <Countdown />
    </TokenOutcome>
  );
}

export { ConfirmEmailPage as Component };
