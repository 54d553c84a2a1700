// Opening an e-mail change link (confirmChangeEmail/{token}): a refused link leads to invalidToken;
// otherwise the account takes its new address and the page says so.
import { Button, Text } from '@mantine/core';
import { accountSecurityMessages as text, type ConfirmChangeEmailReply } from '@testbed/contract';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { confirmChangeEmail } from '../api/account-security';
import { fill } from '../../../shared/fill';
import { useOncePerVisit } from '../components/once-per-visit';
import { invalidTokenHref, tokenProblemOf } from '../components/token-refusal';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';

type Outcome = { confirmed: ConfirmChangeEmailReply } | { refused: string } | { invalid: string };

async function openLink(token: string): Promise<Outcome> {
  try {
    return { confirmed: await confirmChangeEmail(token) };
  } catch (error) {
    const problem = tokenProblemOf(error);
    if (problem) return { invalid: invalidTokenHref(problem) };
    if (error instanceof ApiError && error.status === 400) return { invalid: invalidTokenHref('invalid') };
    // The address was taken by another account meanwhile: the person is told, nothing changed.
    if (error instanceof ApiError && error.status === 409) return { refused: error.message };
    throw error;
  }
}

/** A failure other than a refusal is shown by the shell's error boundary, as a page that failed to load. */
export function ConfirmChangeEmailPage() {
  const { token = '' } = useParams();
  // The link is single-use: it is used once per visit, whatever the rendering does.
  const outcome = useOncePerVisit('confirmChangeEmail', () => openLink(token));
  const me = useSession().user;
  const back = me ? (
    <Button component={Link} to={paths.user.href(me.userId)} w="fit-content">
      {text.BACK_TO_MY_ACCOUNT}
    </Button>
  ) : (
    <BackToSignInButton />
  );
  if (!outcome) {
    return (
      <MessagePage title={text.CONFIRM_CHANGE_EMAIL_TITLE}>
        <QueryPlaceholder />
      </MessagePage>
    );
  }
  if ('invalid' in outcome) return <Navigate to={outcome.invalid} replace />;
  if ('refused' in outcome) {
    return (
      <MessagePage title={text.CHANGE_EMAIL_TITLE} actions={back}>
        <ErrorAlert>{outcome.refused}</ErrorAlert>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={text.CONFIRM_CHANGE_EMAIL_TITLE} actions={back}>
      <Text data-testid="email-changed">{fill(text.CONFIRM_CHANGE_EMAIL_TEXT, { email: outcome.confirmed.email })}</Text>
    </MessagePage>
  );
}

export { ConfirmChangeEmailPage as Component };
