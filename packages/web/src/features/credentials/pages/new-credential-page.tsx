// Add an SSH key for any user (credential, administrators): choose the user by name, then give one
// public key line, checked with the contract's rule before sending. An administrator adding their own
// first key is asked to confirm and then signed out, as on the user's own add-key page.
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages, type ValidUser } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { UserPicker } from '../../../shared/components/user-picker';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { checkSshKey, SshKeyField } from '../../../shared/components/ssh-key-field';
import { useAddSshKey } from '../components/use-add-ssh-key';

export function NewCredentialPage() {
  useDocumentTitle(`${credentialMessages.ADD_SSH_KEY} | Testbed Portal`);
  const me = useSession().user;
  const navigate = useNavigate();
  const add = useAddSshKey();
  const [owner, setOwner] = useState<ValidUser | null>(null);
  const [sshKey, setSshKey] = useState('');
  const [ownerError, setOwnerError] = useState<string | undefined>();
  const [keyError, setKeyError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, error } = checkSshKey(sshKey);
    setKeyError(error);
    setOwnerError(owner ? undefined : credentialMessages.USER_REQUIRED);
    if (!data || !owner) return;
    setSshKey(data.sshKey);
    await add.submit({
      userId: owner.userId,
      sshKey: data.sshKey,
      own: me !== null && owner.userId === me.userId,
      firstKeyExpected: me !== null && !me.hasSshKey,
      onAdded: () => void navigate(paths.credentials.href()),
      onKeyRefused: setKeyError,
    });
  };

  return (
    <Stack maw={760} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {credentialMessages.ADD_SSH_KEY}
      </Title>
      <Paper withBorder shadow="xs" radius="md" p="lg">
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="md">
            <UserPicker
              label={credentialMessages.USER}
              placeholder={credentialMessages.CHOOSE_USER}
              value={owner}
              onChange={(user) => {
                setOwner(user);
                add.reset();
                if (user) setOwnerError(undefined);
              }}
              error={ownerError}
              required
            />
            <SshKeyField
              label={credentialMessages.SSH_KEY}
              description={credentialMessages.SSH_KEY_HELP}
              name="sshKey"
              required
              rows={5}
              value={sshKey}
              error={keyError}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setSshKey(value);
                add.reset();
                if (keyError) setKeyError(checkSshKey(value).error);
              }}
            />
            {add.serverError && (
              <Alert color="red" variant="light" role="alert">
                {add.serverError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button component={Link} to={paths.credentials.href()} variant="default">
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

export { NewCredentialPage as Component };
