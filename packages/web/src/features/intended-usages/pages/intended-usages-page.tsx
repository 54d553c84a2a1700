// Every user's intended usages (administrators): the description and the user's first name, last name and
// username. Delete works; details and create are not written yet, shown as coming soon.
import { Text } from '@mantine/core';
import { intendedUsageMessages, type IntendedUsage } from '@testbed/contract';
import { AdminListPage } from '../../../shared/components/admin-list-page';
import { ComingSoonButton } from '../../../shared/components/coming-soon-button';
import { useConfirmedDelete } from '../../../shared/components/use-confirmed-delete';
import { useDeleteIntendedUsage, useIntendedUsages } from '../api/intended-usages-api';

export function IntendedUsagesPage() {
  const usages = useIntendedUsages();
  const remove = useConfirmedDelete({
    mutation: useDeleteIntendedUsage(),
    idOf: (usage: IntendedUsage) => usage.intendedUsageId,
    confirmation: (usage) => ({
      title: intendedUsageMessages.DELETE_TITLE,
      message: intendedUsageMessages.DELETE_TEXT,
      content: (
        <Text size="sm" fs="italic">
          {usage.description} ({usage.user.username})
        </Text>
      ),
      confirmLabel: intendedUsageMessages.DELETE,
    }),
    deletedNotice: intendedUsageMessages.DELETED,
  });

  // Alike in shape with the other administrators' lists by design: AdminListPage holds the logic, each list gives its texts and columns.
  return (
    <AdminListPage
      title={intendedUsageMessages.INTENDED_USAGES}
      actions={<ComingSoonButton label={intendedUsageMessages.CREATE} />}
      query={usages}
      loadingLabel={intendedUsageMessages.INTENDED_USAGES}
      emptyText={intendedUsageMessages.NO_INTENDED_USAGE}
      tableMinWidth={760}
      verticalSpacing="xs"
      rowId={(usage: IntendedUsage) => usage.intendedUsageId}
      rowTestId="intended-usage-row"
      columns={[
        {
          header: intendedUsageMessages.DESCRIPTION,
          cellProps: { maw: 420, style: { whiteSpace: 'pre-wrap' } },
          cell: (usage) => usage.description,
        },
        { header: intendedUsageMessages.FIRST_NAME, cell: (usage) => usage.user.firstname },
        { header: intendedUsageMessages.LAST_NAME, cell: (usage) => usage.user.lastname },
        { header: intendedUsageMessages.USERNAME, cell: (usage) => usage.user.username },
        {
          header: intendedUsageMessages.DETAILS,
          cell: () => <ComingSoonButton label={intendedUsageMessages.DETAILS} size="xs" variant="default" />,
        },
      ]}
      remove={{
        header: intendedUsageMessages.DELETE,
        buttonText: intendedUsageMessages.DELETE,
        accessibleName: (usage) => `${intendedUsageMessages.DELETE} ${intendedUsageMessages.INTENDED_USAGE} (${usage.user.username})`,
        flow: remove,
      }}
    />
  );
}

export { IntendedUsagesPage as Component };
