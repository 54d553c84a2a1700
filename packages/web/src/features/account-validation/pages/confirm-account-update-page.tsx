// Account update validation (confirmUserAccountUpdate/{token}): the link mailed to every administrator when
// a user has updated their account. Opening it validates the update, unless another administrator was
// first; an unknown or expired link leads to invalidToken.
import { Alert, Button, Group, Text } from '@mantine/core';
import { accountValidationMessages as text, commonMessages } from '@testbed/contract';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in';
import { LoadingBar } from '../../../shared/components/loading-bar';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { useConfirmAccountUpdate } from '../api/account-validation-api';
import { fill } from '../components/format';

export function ConfirmAccountUpdatePage() {
  const token = useParams().token ?? '';
  const me = useSession().user;
  const confirmation = useConfirmAccountUpdate(token);

  if (confirmation.isPending) return <LoadingBar mt="xl" />;
  if (confirmation.isError) {
    if (confirmation.error instanceof ApiError && confirmation.error.status === 404) {
      return <Navigate to={paths.invalidToken.href()} replace />;
    }
    return (
      <Alert color="red" variant="light" mt="xl" role="alert">
        {confirmation.error.message}
      </Alert>
    );
  }
  const { alreadyValidated, user } = confirmation.data;
  return (
    <MessagePage
      title={text.ACCOUNT_UPDATE_VALIDATION}
      actions={
        <Group>
          {may(me, 'accounts-to-validate:read') ? (
            <Button component={Link} to={paths.displayValidationPendingAccounts.href()} w="fit-content">
              {text.SEE_PENDING_ACCOUNTS}
            </Button>
          ) : (
            <BackToSignInButton />
          )}
        </Group>
      }
    >
      <Text>
        {alreadyValidated
          ? commonMessages.ACCOUNT_UPDATE_VALIDATED_BY_OTHER
          : fill(text.ACCOUNT_UPDATE_VALIDATED, { name: `${user.firstname} ${user.lastname}`, username: user.username })}
      </Text>
    </MessagePage>
  );
}

export { ConfirmAccountUpdatePage as Component };
