// The page every refused link leads to (accounts document, sections 2 and 8): a used link says it was
// used and is no longer valid; an unknown or expired one is invalid.
import { Button, Text } from '@mantine/core';
import { accountSecurityMessages as text, messages } from '@testbed/contract';
import { Link, useSearchParams } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';

export function InvalidTokenPage() {
  const [searchParams] = useSearchParams();
  const used = searchParams.get('reason') === 'used';
  return (
    <MessagePage
      title={text.TOKEN_INVALID_TITLE}
      actions={
        <Button component={Link} to={paths.signin.href()} w="fit-content">
          {messages.BACK_TO_SIGN_IN}
        </Button>
      }
    >
      {used ? (
        <div>
          <Text>{messages.TOKEN_ALREADY_USED}</Text>
          <Text>{messages.TOKEN_NO_LONGER_VALID}</Text>
        </div>
      ) : (
        <Text>{messages.TOKEN_INVALID}</Text>
      )}
    </MessagePage>
  );
}

export { InvalidTokenPage as Component };
