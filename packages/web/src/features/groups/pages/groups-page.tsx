// The groups (administrators): name, type, numbers of members and managers, with details and delete
// buttons, and the way to create a group or to see the group types.
import { groupMessages, type GroupSummary } from '@testbed/contract';
import { AdminListPage } from '../../../shared/components/admin-list-page';
import { paths } from '../../../shared/paths';
import { useGroups } from '../api/groups';
import { useDeleteGroupFlow } from '../components/use-delete-flows';
import { RowLink } from '../../../shared/components/row-links';
import { namedRowActions } from '../../../shared/components/admin-list-actions';

// Alike in shape with the other administrators' lists by design: AdminListPage holds the logic, each list gives its texts and columns.
export function GroupsPage() {
  const groups = useGroups();
  const remove = useDeleteGroupFlow();
  return (
    <AdminListPage
      title={groupMessages.GROUPS}
      links={[
        { label: groupMessages.GROUP_TYPES, to: paths.groupTypes.href(), related: true },
        { label: groupMessages.NEW_GROUP, to: paths.groupNew.href() },
      ]}
      query={groups}
      emptyText={groupMessages.NO_GROUP}
      tableMinWidth={640}
      rowId={(group: GroupSummary) => group.groupId}
      rowTestId="group-row"
      columns={[
        {
          header: groupMessages.GROUP_NAME,
          cell: (group) => <RowLink to={paths.group.href(group.groupId)}>{group.name}</RowLink>,
        },
        { header: groupMessages.GROUP_TYPE, cell: (group) => group.groupType?.label ?? '—' },
        { header: groupMessages.NUMBER_OF_MEMBERS, cell: (group) => group.memberCount },
        { header: groupMessages.NUMBER_OF_MANAGERS, cell: (group) => group.managerCount },
      ]}
      remove={namedRowActions({
        nameOf: (group: GroupSummary) => group.name,
        hrefOf: (group) => paths.group.href(group.groupId),
        detailsLabel: groupMessages.DETAILS,
        deleteLabel: groupMessages.DELETE,
        blockedReason: (group) => (group.memberCount > 0 ? groupMessages.GROUP_HAS_MEMBERS : undefined),
        flow: remove,
      })}
    />
  );
}

export { GroupsPage as Component };
