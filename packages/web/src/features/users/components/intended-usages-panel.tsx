// The intended usages panel of a user's details: each description with a delete button (after a confirmation).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { intendedUsageMessages, userMessages, type UserDetails } from '@testbed/contract';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { useDeleteFromUser } from '../api/users-api';
import { SectionTitle } from './section-title';

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
      <SectionTitle add={{ label: userMessages.ADD_INTENDED_USAGE, to: paths.intendedUsageNew.href(userId) }}>
        {userMessages.INTENDED_USAGES}
      </SectionTitle>
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
