// The panels under a user's details: SSH keys, intended usages, groups and managed groups.
import { Alert, Button, Code, Group, List, Loader, Stack, Text } from '@mantine/core';
import { intendedUsageMessages as intendedUsageMessagesEn, shortenSshKey, userMessages as userMessagesEn, type UserDetails } from '@testbed/contract';
import { Link } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { paths } from '../../../shared/paths';
import { useDeleteFromUser, useUserCredentials } from '../api/users-api';
import { notifySuccess } from '../../../shared/notify';
import { catalogue } from '../../../shared/i18n';

const intendedUsageMessages = catalogue(intendedUsageMessagesEn);
const userMessages = catalogue(userMessagesEn);

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

export function CredentialsPanel({ userId }: { userId: number }) {
  const keys = useUserCredentials(userId);
  return (
    <>
      <PanelTitle add={{ label: userMessages.ADD_SSH_KEY, to: paths.userCredentialNew.href(userId) }}>{userMessages.CREDENTIALS}</PanelTitle>
      {keys.isPending && <Loader size="sm" aria-label={userMessages.CREDENTIALS} />}
      {keys.data?.length === 0 && <Text size="sm">{userMessages.NO_CREDENTIAL}</Text>}
      {keys.data && keys.data.length > 0 && (
        <List spacing={4} size="sm">
          {keys.data.map((key) => (
            <List.Item key={key.credentialId}>
              <Code style={{ wordBreak: 'break-all' }}>{shortenSshKey(key.sshKey)}</Code>{' '}
              <Text span size="xs" c="dimmed">
                {key.fingerprint}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
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
