// Add an SSH key to a user (credential/user/{userId}): one required key line, typed or read from a .pub
// file; the form is the contract's addCredentialFormSchema (useContractForm), which trims and checks the line
// before sending; the server parses it for real.
// A user's first key asks for confirmation and then signs the user out to sign in again; later keys
// return to the previous page.
import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { addCredentialFormSchema, credentialMessages, type AddCredentialForm } from '@testbed/contract';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/components/form-page';
import { MessagePage } from '../../../shared/components/message-page';
import { useContractForm } from '../../../shared/form';
import { paths } from '../../../shared/paths';
import { mayOpenAccount, useSession } from '../../../shared/session';
import { useUserCredentials } from '../api/credentials';
import { KeyLineField } from '../components/key-line-field';
import { useAddSshKey } from '../components/use-add-ssh-key';

export function AddCredentialPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const me = useSession().user;
  const own = me !== null && me.userId === userId;
  const allowed = mayOpenAccount(me, userId, 'credentials:add');

  const navigate = useNavigate();
  const location = useLocation();
  const existing = useUserCredentials(userId, allowed);
  const add = useAddSshKey();
  // An edit forgets the last request's failure.
  const form = useContractForm(addCredentialFormSchema, { sshKey: '' }, { onValuesChange: () => add.reset() });
  const title = own ? credentialMessages.ADD_SSH_KEY_OWN : credentialMessages.ADD_SSH_KEY;
  useDocumentTitle(`${title} | Testbed Portal`);

  // Signed out meanwhile: the route's guard takes over.
  if (!me) return null;
  if (!validId) return <MessagePage title={credentialMessages.USER_NOT_FOUND} />;
  // The server refuses other users' accounts too; a user is not even shown the form for them.
  if (!allowed) return <Navigate to={paths.accessDenied.href()} replace />;

  const owner = existing.data?.[0]?.user;
  // While the list loads (or if it cannot), the session says whether the user had a key at sign-in.
  const firstOwnKey = own && (existing.data ? existing.data.length === 0 : !me.hasSshKey);

  const goBack = () => {
    // Opened directly (no page before it in this tab): the user's page is the natural way back.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.user.href(userId));
  };

  // A line read from a file is judged at once, as if typed and left.
  const readFile = (key: string | null) => {
    add.reset();
    if (key === null) {
      form.setFieldError('sshKey', credentialMessages.FILE_UNREADABLE);
      return;
    }
    form.setFieldValue('sshKey', key);
    form.validateField('sshKey');
  };

  const onSubmit = async ({ sshKey }: AddCredentialForm) => {
    // The trimmed line is what is sent, and what the field shows.
    form.setFieldValue('sshKey', sshKey);
    await add.submit({
      userId,
      sshKey,
      own,
      firstKeyExpected: firstOwnKey,
      onAdded: goBack,
      onKeyRefused: (message) => form.setFieldError('sshKey', message),
    });
  };

  return (
    <FormPage
      title={title}
      subtitle={
        !own &&
        owner && (
          <Text mt="xs">
            {credentialMessages.ADD_SSH_KEY_FOR} {owner.firstname} {owner.lastname} ({owner.username})
          </Text>
        )
      }
      maw={760}
      mt="lg"
      shadow="xs"
      onSubmit={form.onSubmit((values) => void onSubmit(values))}
      serverError={add.serverError}
      cancel={{ label: credentialMessages.CANCEL, onClick: goBack }}
      submit={{ label: credentialMessages.SUBMIT_ADD, pending: add.pending }}
      after={add.dialog}
    >
      <KeyLineField {...form.getInputProps('sshKey')} readFromFile={{ label: credentialMessages.READ_FROM_FILE, onRead: readFile }} />
    </FormPage>
  );
}

export { AddCredentialPage as Component };
