// The page every refused link leads to: a used link says it was
// used and is no longer valid; an unknown or expired one is invalid.
import { Text } from '@mantine/core';
import { accountSecurityMessages as text, commonMessages } from '@testbed/contract';
import { useSearchParams } from 'react-router';
import { BackToSignInPage } from '../../../shared/components/back-to-sign-in';

export function InvalidTokenPage() {
  const [searchParams] = useSearchParams();
  const used = searchParams.get('reason') === 'used';
  return (
    <BackToSignInPage title={text.TOKEN_INVALID_TITLE}>
      {used ? (
        <div>
          <Text>{commonMessages.TOKEN_ALREADY_USED}</Text>
          <Text>{commonMessages.TOKEN_NO_LONGER_VALID}</Text>
        </div>
      ) : (
        <Text>{commonMessages.TOKEN_INVALID}</Text>
      )}
    </BackToSignInPage>
  );
}

export { InvalidTokenPage as Component };
