// One group type (administrators): its label, the groups that have it, and a delete button for a type
// no group uses.
import { groupMessages, type GroupSummary } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../shared/components/details-page';
import { NameDetailsPage } from '../../../shared/components/name-details-page';
import { RowsSection, type RowsTableColumn } from '../../../shared/components/rows-table';
import { paths } from '../../../shared/paths';
import { useGroupsOfType, useGroupType, useUpdateGroupType } from '../api/groups';
import { GROUP_TYPE_LABEL_FIELD } from '../components/group-type-label-field';
import { useDeleteGroupTypeFlow } from '../components/use-delete-flows';
import { RowLink } from '../../../shared/components/row-links';

const GROUP_COLUMNS: RowsTableColumn<GroupSummary>[] = [
  {
    header: groupMessages.GROUP_NAME,
    cell: (group) => <RowLink to={paths.group.href(group.groupId)}>{group.name}</RowLink>,
  },
  { header: groupMessages.NUMBER_OF_MEMBERS, cell: (group) => group.memberCount },
  { header: groupMessages.NUMBER_OF_MANAGERS, cell: (group) => group.managerCount },
];

export function GroupTypePage() {
  const { id: typeId, validId } = useIdParam();
  const groups = useGroupsOfType(typeId, validId);
  const navigate = useNavigate();
  return (
    <NameDetailsPage
      kind={groupMessages.GROUP_TYPE}
      id={typeId}
      validId={validId}
      query={useGroupType(typeId, validId)}
      nameOf={(type) => type.label}
      maw={860}
      back={{ label: groupMessages.BACK_TO_GROUP_TYPES, to: paths.groupTypes.href() }}
      notFoundTitle={groupMessages.GROUP_TYPE_NOT_FOUND}
      field={GROUP_TYPE_LABEL_FIELD}
      saveLabel={groupMessages.SAVE}
      savedNotice={groupMessages.SAVED}
      rename={useUpdateGroupType()}
      remove={useDeleteGroupTypeFlow(() => void navigate(paths.groupTypes.href()))}
      deleteLabel={groupMessages.DELETE}
      deleteBlockedReason={(type) => (type.groupCount > 0 ? groupMessages.GROUP_TYPE_HAS_GROUPS : undefined)}
    >
      {/* Alike in shape with a group's member panels by design: RowsSection holds the section, each gives its texts. */}
      {(data) => (
        <RowsSection
          title={groupMessages.GROUPS_OF_TYPE}
          count={data.groupCount}
          empty={groupMessages.NO_GROUP_OF_TYPE}
          columns={GROUP_COLUMNS}
          rows={groups.data ?? []}
          rowKey={(group) => group.groupId}
        />
      )}
    </NameDetailsPage>
  );
}

export { GroupTypePage as Component };
