// Add an SSH key to a user (credential/user/{userId}): one required key line, typed or read from a .pub
// file, trimmed and checked with the contract's rule before sending; the server parses it for real.
// A user's first key asks for confirmation and then signs the user out to sign in again; later keys
// return to the previous page (accounts document, section 4).
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { isAdmin, useSession } from '../../../shared/session';
import { useUserCredentials } from '../api/credentials';
import { checkSshKey, SshKeyField } from '../../../shared/components/ssh-key-field';
import { useAddSshKey } from '../components/use-add-ssh-key';

export function AddCredentialPage() {
  const { id } = useParams();
  const userId = Number(id);
  const validId = Number.isInteger(userId) && userId > 0;
  const me = useSession().user;
  const own = me !== null && me.userId === userId;
  const allowed = validId && me !== null && (own || isAdmin(me));

  const navigate = useNavigate();
  const location = useLocation();
  const existing = useUserCredentials(userId, allowed);
  const add = useAddSshKey();
  const [sshKey, setSshKey] = useState('');
  const [error, setError] = useState<string | undefined>();
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

  const update = (value: string) => {
    setSshKey(value);
    add.reset();
    // Once an error shows, it follows the typing so that it leaves when the line is fixed.
    if (error) setError(checkSshKey(value).error);
  };

  const readFile = (key: string | null) => {
    add.reset();
    if (key === null) {
      setError(credentialMessages.FILE_UNREADABLE);
      return;
    }
    setSshKey(key);
    setError(checkSshKey(key).error);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, error: invalid } = checkSshKey(sshKey);
    setError(invalid);
    if (!data) return;
    setSshKey(data.sshKey);
    await add.submit({ userId, sshKey: data.sshKey, own, firstKeyExpected: firstOwnKey, onAdded: goBack, onKeyRefused: setError });
  };

  return (
    <Stack maw={760} mx="auto" mt="lg" gap="lg">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {!own && owner && (
          <Text mt="xs">
            {credentialMessages.ADD_SSH_KEY_FOR} {owner.firstname} {owner.lastname} ({owner.username})
          </Text>
        )}
      </div>
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="md">
            <SshKeyField
              label={credentialMessages.SSH_KEY}
              description={credentialMessages.SSH_KEY_HELP}
              name="sshKey"
              required
              rows={5}
              value={sshKey}
              error={error}
              onChange={(event) => update(event.currentTarget.value)}
              readFromFile={{ label: credentialMessages.READ_FROM_FILE, onRead: readFile }}
            />
            {add.serverError && (
              <Alert color="red" variant="light">
                {add.serverError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={goBack}>
                {credentialMessages.CANCEL}
              </Button>
              <Button type="submit" loading={add.pending}>
                {credentialMessages.SUBMIT_ADD}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {add.dialog}
    </Stack>
  );
}

export { AddCredentialPage as Component };
