// One group type (administrators): its label, the groups that have it, and a delete button for a type
// no group uses.
import { useDocumentTitle } from '@mantine/hooks';
import { groupMessages, type GroupSummary } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { DetailsPage, useIdParam } from '../../../shared/components/details-page';
import { NamePanel } from '../../../shared/components/name-panel';
import { RowsSection, type RowsTableColumn } from '../../../shared/components/rows-table';
import { notifySuccess } from '../../../shared/notify';
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
  const type = useGroupType(typeId, validId);
  const groups = useGroupsOfType(typeId, validId);
  const update = useUpdateGroupType();
  const navigate = useNavigate();
  const remove = useDeleteGroupTypeFlow(() => void navigate(paths.groupTypes.href()));
  useDocumentTitle(`${type.data ? `${groupMessages.GROUP_TYPE} ${type.data.label}` : groupMessages.GROUP_TYPE} | Testbed Portal`);
  const data = type.data;
  const members = groups.data ?? [];

  // Alike in shape with the other details pages by design: DetailsPage holds the layout, each page gives its texts and panels.
  return (
    <DetailsPage
      heading={`${groupMessages.GROUP_TYPE} ${data?.label ?? ''}`}
      maw={860}
      back={{ label: groupMessages.BACK_TO_GROUP_TYPES, to: paths.groupTypes.href() }}
      notFoundTitle={groupMessages.GROUP_TYPE_NOT_FOUND}
      validId={validId}
      pending={type.isPending}
      error={type.error}
      dialog={remove.dialog}
    >
      {data && (
        <>
          <NamePanel
            {...GROUP_TYPE_LABEL_FIELD}
            key={data.label}
            initialValue={data.label}
            submitLabel={groupMessages.SAVE}
            pending={update.isPending}
            error={update.error}
            onSubmit={(form) => update.mutate({ id: typeId, form }, { onSuccess: () => notifySuccess(groupMessages.SAVED) })}
            remove={{
              label: groupMessages.DELETE,
              blockedReason: data.groupCount > 0 ? groupMessages.GROUP_TYPE_HAS_GROUPS : undefined,
              onClick: () => void remove.start(data),
              loading: remove.pendingId === typeId,
            }}
          />
          {/* Alike in shape with a group's member panels by design: RowsSection holds the section, each gives its texts. */}
          <RowsSection
            title={groupMessages.GROUPS_OF_TYPE}
            count={data.groupCount}
            empty={groupMessages.NO_GROUP_OF_TYPE}
            columns={GROUP_COLUMNS}
            rows={members}
            rowKey={(group) => group.groupId}
          />
        </>
      )}
    </DetailsPage>
  );
}

export { GroupTypePage as Component };
