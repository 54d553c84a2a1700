// The panels under a user's details: SSH keys, intended usages, groups and managed groups.
import { Alert, Button, Code, Group, List, Loader, Stack, Text } from '@mantine/core';
import {
  credentialMessages,
  intendedUsageMessages,
  shortenSshKey,
  userMessages,
  type Credential,
  type UserDetails,
} from '@testbed/contract';
import { Link, useNavigate } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { paths } from '../../../shared/paths';
import { clearSession, useSession } from '../../../shared/session';
import { useDeleteFromUser, useDeleteUserCredential, useUserCredentials } from '../api/users-api';
import { notifySuccess } from '../../../shared/notify';

/** A panel's heading, with its add link when it has one. */
function PanelTitle({ children, add }: { children: string; add?: { label: string; to: string } }) {
  return (
    <Group justify="space-between" mb="xs">
      <Text fw={700} component="h2" size="lg">
        {children}
      </Text>
      {add && (
        <Button size="xs" variant="light" component={Link} to={add.to}>
          {add.label}
        </Button>
      )}
    </Group>
  );
}

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
    const lastKey = keys.data?.length === 1;
    const ok = await confirm({
      title: credentialMessages.DELETE_TITLE,
      message: own && lastKey ? `${credentialMessages.DELETE_TEXT} ${credentialMessages.DELETE_LAST_OWN_TEXT}` : credentialMessages.DELETE_TEXT,
      content: (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {`${shortenSshKey(key.sshKey)}\n${key.fingerprint}`}
        </Code>
      ),
      confirmLabel: credentialMessages.DELETE,
      danger: true,
    });
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
      <PanelTitle add={{ label: userMessages.ADD_SSH_KEY, to: paths.userCredentialNew.href(userId) }}>{userMessages.CREDENTIALS}</PanelTitle>
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

export function IntendedUsagesPanel({ userId, rows }: { userId: number; rows: UserDetails['intendedUsages'] }) {
  const remove = useDeleteFromUser(userId).intendedUsage;
  const { confirm, dialog } = useConfirmModal();
  const onDelete = async (row: UserDetails['intendedUsages'][number]) => {
    const ok = await confirm({
      title: intendedUsageMessages.DELETE_TITLE,
      message: intendedUsageMessages.DELETE_TEXT,
      content: <Text size="sm" fs="italic">{row.description}</Text>,
      confirmLabel: intendedUsageMessages.DELETE,
      danger: true,
    });
    if (ok) remove.mutate(row.intendedUsageId, { onSuccess: () => notifySuccess(intendedUsageMessages.DELETED) });
  };
  return (
    <>
      <PanelTitle add={{ label: userMessages.ADD_INTENDED_USAGE, to: paths.intendedUsageNew.href(userId) }}>
        {userMessages.INTENDED_USAGES}
      </PanelTitle>
      {remove.error && (
        <Alert color="red" variant="light" mb="xs">
          {remove.error.message}
        </Alert>
      )}
      {rows.length === 0 && <Text size="sm">{userMessages.NO_INTENDED_USAGE}</Text>}
      <Stack gap="xs">
        {rows.map((row) => (
          <Group key={row.intendedUsageId} justify="space-between" wrap="nowrap" data-testid="intended-usage-row">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {row.description}
            </Text>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              aria-label={`${intendedUsageMessages.DELETE} ${intendedUsageMessages.INTENDED_USAGE}: ${row.description.slice(0, 40)}`}
              onClick={() => void onDelete(row)}
            >
              {intendedUsageMessages.DELETE}
            </Button>
          </Group>
        ))}
      </Stack>
      {dialog}
    </>
  );
}

export function GroupsPanel({ title, rows }: { title: string; rows: UserDetails['userGroups'] }) {
  return (
    <>
      <PanelTitle>{title}</PanelTitle>
      {rows.length === 0 ? (
        <Text size="sm">{userMessages.NO_GROUP}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {rows.map((group) => (
            <List.Item key={group.groupId}>
              {group.name}
              {group.groupType ? ` (${group.groupType})` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
