// Every user's intended usages (administrators): the description and the user's first name, last name and
// username. Delete works; details and create are the spec's future functionality, shown as coming soon.
import { Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { intendedUsageMessages, type IntendedUsage } from '@testbed/contract';
import { useEffect } from 'react';
import { ComingSoonButton } from '../../../shared/components/coming-soon-button';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { useDeleteIntendedUsage, useIntendedUsages } from '../api/intended-usages-api';
import { notifySuccess, notifyFailure } from '../../../shared/notify';
import { reportFailure } from '../../../shared/report-failure';

export function IntendedUsagesPage() {
  useDocumentTitle(`${intendedUsageMessages.INTENDED_USAGES} | Testbed Portal`);
  const usages = useIntendedUsages();
  const remove = useDeleteIntendedUsage();
  const { confirm, dialog } = useConfirmModal();
  useEffect(() => {
    if (usages.error) reportFailure('Loading the intended usages failed', usages.error);
  }, [usages.error]);
  const rows = usages.data ?? [];

  const onDelete = async (usage: IntendedUsage) => {
    const ok = await confirm({
      title: intendedUsageMessages.DELETE_TITLE,
      message: intendedUsageMessages.DELETE_TEXT,
      content: (
        <Text size="sm" fs="italic">
          {usage.description} ({usage.user.username})
        </Text>
      ),
      confirmLabel: intendedUsageMessages.DELETE,
      danger: true,
    });
    if (!ok) return;
    remove.mutate(usage.intendedUsageId, {
      onSuccess: () => notifySuccess(intendedUsageMessages.DELETED),
      onError: (error) => notifyFailure(error.message, intendedUsageMessages.DELETE_TITLE),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {intendedUsageMessages.INTENDED_USAGES}
        </Title>
        <ComingSoonButton label={intendedUsageMessages.CREATE} />
      </Group>
      {usages.isPending && <Progress value={80} animated striped aria-label={intendedUsageMessages.INTENDED_USAGES} />}
      {!usages.isPending && rows.length === 0 && <Text>{intendedUsageMessages.NO_INTENDED_USAGE}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intendedUsageMessages.DESCRIPTION}</Table.Th>
                <Table.Th>{intendedUsageMessages.FIRST_NAME}</Table.Th>
                <Table.Th>{intendedUsageMessages.LAST_NAME}</Table.Th>
                <Table.Th>{intendedUsageMessages.USERNAME}</Table.Th>
                <Table.Th>{intendedUsageMessages.DETAILS}</Table.Th>
                <Table.Th>{intendedUsageMessages.DELETE}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((usage) => (
                <Table.Tr key={usage.intendedUsageId} data-testid="intended-usage-row">
                  <Table.Td maw={420} style={{ whiteSpace: 'pre-wrap' }}>
                    {usage.description}
                  </Table.Td>
                  <Table.Td>{usage.user.firstname}</Table.Td>
                  <Table.Td>{usage.user.lastname}</Table.Td>
                  <Table.Td>{usage.user.username}</Table.Td>
                  <Table.Td>
                    <ComingSoonButton label={intendedUsageMessages.DETAILS} size="xs" variant="default" />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`${intendedUsageMessages.DELETE} ${intendedUsageMessages.INTENDED_USAGE} (${usage.user.username})`}
                      loading={remove.isPending && remove.variables === usage.intendedUsageId}
                      onClick={() => void onDelete(usage)}
                    >
                      {intendedUsageMessages.DELETE}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
    </Stack>
  );
}

export { IntendedUsagesPage as Component };
