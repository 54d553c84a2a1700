// Add an SSH key for any user (credential, administrators): choose the user by name, then give one
// public key line, checked with the contract's rule before sending. An administrator adding their own
// first key is asked to confirm and then signed out, as on the user's own add-key page.
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages, type ValidUser } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { UserPicker } from '../../../shared/components/user-picker';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { clearSession, useSession } from '../../../shared/session';
import { useAddCredential } from '../api/credentials';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { checkSshKey, SshKeyField } from '../../../shared/components/ssh-key-field';

export function NewCredentialPage() {
  useDocumentTitle(`${credentialMessages.ADD_SSH_KEY} | Testbed Portal`);
  const me = useSession().user;
  const navigate = useNavigate();
  const add = useAddCredential();
  const { confirm, dialog } = useConfirmModal();
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
    const own = me !== null && owner.userId === me.userId;
    if (own && !me.hasSshKey) {
      const confirmed = await confirm({ title: credentialMessages.FIRST_KEY_TITLE, message: credentialMessages.FIRST_KEY_TEXT });
      if (!confirmed) return;
    }
    add.mutate(
      { userId: owner.userId, sshKey: data.sshKey },
      {
        onSuccess: (reply) => {
          notifySuccess(credentialMessages.KEY_ADDED);
          if (own && reply.firstKey) {
            void Promise.resolve(navigate(paths.signout.href(), { replace: true })).then(clearSession);
          } else {
            void navigate(paths.credentials.href());
          }
        },
        onError: (failure) => {
          const fieldError = failure instanceof ApiError ? failure.fieldErrors.sshKey?.[0] : undefined;
          if (fieldError) setKeyError(fieldError);
        },
      },
    );
  };

  const serverError =
    add.error && !(add.error instanceof ApiError && add.error.fieldErrors.sshKey?.length) ? add.error.message : null;

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
            {serverError && (
              <Alert color="red" variant="light" role="alert">
                {serverError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button component={Link} to={paths.credentials.href()} variant="default">
                {credentialMessages.CANCEL}
              </Button>
              <Button type="submit" loading={add.isPending}>
                {credentialMessages.SUBMIT_ADD}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {dialog}
    </Stack>
  );
}

export { NewCredentialPage as Component };
