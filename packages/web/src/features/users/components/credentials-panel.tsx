// The SSH keys panel of a user's details.
import { Alert, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { credentialMessages, shortenSshKey, userMessages, type Credential } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { sshKeyDeletion } from '../../../shared/components/ssh-key-deletion';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { clearSession, useSession } from '../../../shared/session';
import { useDeleteUserCredential, useUserCredentials } from '../api/users-api';
import { SectionTitle } from './section-title';

/**
 * The account's SSH keys, each with a delete button (after a confirmation). The server keeps the last key of
 * someone booked and says why; deleting one's own last key otherwise ends the session, as on the keys pages.
 */
export function CredentialsPanel({ userId }: { userId: number }) {
  const keys = useUserCredentials(userId);
  const remove = useDeleteUserCredential(userId);
  const me = useSession().user;
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmModal();
  const own = me?.userId === userId;
  const onDelete = async (key: Credential) => {
    const ok = await confirm(sshKeyDeletion(key, own && keys.data?.length === 1));
    if (!ok) return;
    remove.mutate(key.credentialId, {
      onSuccess: (reply) => {
        notifySuccess(credentialMessages.KEY_DELETED);
        if (reply.lastKey && reply.userId === me?.userId) {
          clearSession();
          void navigate(paths.signin.href(), { replace: true });
        }
      },
    });
  };
  return (
    <>
      <SectionTitle add={{ label: userMessages.ADD_SSH_KEY, to: paths.userCredentialNew.href(userId) }}>{userMessages.CREDENTIALS}</SectionTitle>
      {remove.error && (
        <Alert color="red" variant="light" mb="xs" role="alert" data-testid="credential-delete-error">
          {remove.error.message}
        </Alert>
      )}
      {keys.isPending && <Loader size="sm" aria-label={userMessages.CREDENTIALS} />}
      {keys.data?.length === 0 && <Text size="sm">{userMessages.NO_CREDENTIAL}</Text>}
      {keys.data && keys.data.length > 0 && (
        <Stack gap="xs">
          {keys.data.map((key) => (
            <Group key={key.credentialId} justify="space-between" wrap="nowrap" data-testid="own-credential-row">
              <div style={{ minWidth: 0 }}>
                <Code style={{ wordBreak: 'break-all' }}>{shortenSshKey(key.sshKey)}</Code>{' '}
                <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {key.fingerprint}
                </Text>
              </div>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                aria-label={`${credentialMessages.DELETE} ${credentialMessages.SSH_KEY}: ${key.fingerprint}`}
                loading={remove.isPending && remove.variables === key.credentialId}
                onClick={() => void onDelete(key)}
              >
                {credentialMessages.DELETE}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {dialog}
    </>
  );
}
