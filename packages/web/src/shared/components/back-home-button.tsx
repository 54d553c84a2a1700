// The way on from the pages that say a route is missing or closed: the signed-in user's home, else sign-in.
import { commonMessages } from '@testbed/contract';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';
import { useSession } from '../session';

export function BackHomeButton() {
  const { status, user } = useSession();
  const signedIn = status === 'signedIn' && user;
  return (
    <Button component={Link} to={signedIn ? user.redirectURL : paths.signin.href()} w="fit-content">
      {signedIn ? commonMessages.GO_BACK_HOME : commonMessages.BACK_TO_SIGN_IN}
    </Button>
  );
}
