// Opening an e-mail change link (confirmChangeEmail/{token}): a refused link leads to invalidToken;
// otherwise the account takes its new address and the page says so (accounts document, section 2).
import { Button, Text } from '@mantine/core';
import { accountSecurityMessages as accountSecurityMessagesEn, type ConfirmChangeEmailReply } from '@testbed/contract';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { BackToSignInButton } from '../../../shared/components/back-to-sign-in';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { confirmChangeEmail } from '../api/account-security';
import { fillTemplate } from '../components/fill-template';
import { invalidTokenHref, tokenProblemOf } from '../components/token-refusal';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { catalogue } from '../../../shared/i18n';

const text = catalogue('accountSecurity', accountSecurityMessagesEn);

type Outcome = { confirmed: ConfirmChangeEmailReply } | { refused: string };

// A loader runs once per visit, so the single-use link is used once whatever the rendering does.
export async function loader({ params }: LoaderFunctionArgs): Promise<Outcome> {
  try {
    return { confirmed: await confirmChangeEmail(params.token ?? '') };
  } catch (error) {
    const problem = tokenProblemOf(error);
    if (problem) throw redirect(invalidTokenHref(problem));
    if (error instanceof ApiError && error.status === 400) throw redirect(invalidTokenHref('invalid'));
    // The address was taken by another account meanwhile: the person is told, nothing changed.
    if (error instanceof ApiError && error.status === 409) return { refused: error.message };
    throw error;
  }
}

export function ConfirmChangeEmailPage() {
  const outcome = useLoaderData<Outcome>();
  const me = useSession().user;
  const back = me ? (
    <Button component={Link} to={paths.user.href(me.userId)} w="fit-content">
      {text.BACK_TO_MY_ACCOUNT}
    </Button>
  ) : (
    <BackToSignInButton />
  );
  if ('refused' in outcome) {
    return (
      <MessagePage title={text.CHANGE_EMAIL_TITLE} actions={back}>
        <ErrorAlert>{outcome.refused}</ErrorAlert>
      </MessagePage>
    );
  }
  return (
    <MessagePage title={text.CONFIRM_CHANGE_EMAIL_TITLE} actions={back}>
      <Text data-testid="email-changed">{fillTemplate(text.CONFIRM_CHANGE_EMAIL_TEXT, { email: outcome.confirmed.email })}</Text>
    </MessagePage>
  );
}

export { ConfirmChangeEmailPage as Component };
