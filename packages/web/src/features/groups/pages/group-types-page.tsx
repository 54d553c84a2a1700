// The group types (administrators), 50 to a page: label and number of
// groups, with details and delete buttons, and the way to create one.
import { groupMessages, REFERENCE_PAGE_SIZE, type GroupType } from '@testbed/contract';
import { AdminListPage } from '../../../shared/components/admin-list-page';
import { paths } from '../../../shared/paths';
import { useGroupTypes } from '../api/groups';
import { useDeleteGroupTypeFlow } from '../components/use-delete-flows';
import { RowLink } from '../../../shared/components/row-links';
import { namedRowActions } from '../../../shared/components/admin-list-actions';

// Alike in shape with the other administrators' lists by design: AdminListPage holds the logic, each list gives its texts and columns.
export function GroupTypesPage() {
  const types = useGroupTypes();
  const remove = useDeleteGroupTypeFlow();
  return (
    <AdminListPage
      title={groupMessages.GROUP_TYPES}
      links={[
        { label: groupMessages.GROUPS, to: paths.groups.href(), related: true },
        { label: groupMessages.NEW_GROUP_TYPE, to: paths.groupTypeNew.href() },
      ]}
      query={types}
      emptyText={groupMessages.NO_GROUP_TYPES}
      tableMinWidth={480}
      pageSize={REFERENCE_PAGE_SIZE}
      rowId={(type: GroupType) => type.groupTypeId}
      rowTestId="group-type-row"
      columns={[
        {
          header: groupMessages.LABEL,
          cell: (type) => <RowLink to={paths.groupType.href(type.groupTypeId)}>{type.label}</RowLink>,
        },
        { header: groupMessages.NUMBER_OF_GROUPS, cell: (type) => type.groupCount },
      ]}
      remove={namedRowActions({
        nameOf: (type: GroupType) => type.label,
        hrefOf: (type) => paths.groupType.href(type.groupTypeId),
        detailsLabel: groupMessages.DETAILS,
        deleteLabel: groupMessages.DELETE,
        blockedReason: (type) => (type.groupCount > 0 ? groupMessages.GROUP_TYPE_HAS_GROUPS : undefined),
        flow: remove,
      })}
    />
  );
}

export { GroupTypesPage as Component };
