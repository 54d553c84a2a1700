// One group (administrators): its name and type, its members and its managers, each added and removed
// one at a time, and a delete button for a group without members.
import { Paper } from '@mantine/core';
import { groupBodyFromForm, groupMessages } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { DeleteButton } from '../../../shared/components/delete-button';
import { DetailsPage, useDetailsHeading, useIdParam } from '../../../shared/components/details-page';
import { paths } from '../../../shared/paths';
import { useGroup, useGroupTypes, useUpdateGroup } from '../api/groups';
import { GroupForm } from '../components/group-form';
import { GroupUsersPanel } from '../components/group-users-panel';
import { useDeleteGroupFlow } from '../components/use-delete-flows';
import { notifySuccess } from '../../../shared/notify';

// Alike in shape with the other details pages by design: DetailsPage holds the layout, each page gives its texts and panels.
export function GroupPage() {
  const { id: groupId, validId } = useIdParam();
  const group = useGroup(groupId, validId);
  const types = useGroupTypes();
  const update = useUpdateGroup();
  const navigate = useNavigate();
  const remove = useDeleteGroupFlow(() => void navigate(paths.groups.href()));
  const data = group.data;
  const heading = useDetailsHeading(groupMessages.GROUP, data?.name);

  return (
    <DetailsPage
      heading={heading}
      maw={960}
      back={{ label: groupMessages.BACK_TO_GROUPS, to: paths.groups.href() }}
      notFoundTitle={groupMessages.GROUP_NOT_FOUND}
      validId={validId}
      pending={group.isPending || types.isPending}
      error={group.error}
      dialog={remove.dialog}
    >
      {data && types.data && (
        <>
          <Paper withBorder shadow="xs" radius="md" p="lg">
            <GroupForm
              key={`${data.name}/${data.groupType?.groupTypeId ?? ''}`}
              initial={{ name: data.name, groupTypeId: data.groupType?.groupTypeId ?? null }}
              groupTypes={types.data}
              submitLabel={groupMessages.SAVE}
              pending={update.isPending}
              error={update.error}
              onSubmit={(form) =>
                update.mutate({ id: groupId, body: groupBodyFromForm(form, groupId) }, { onSuccess: () => notifySuccess(groupMessages.SAVED) })
              }
              extraActions={
                <DeleteButton
                  blockedReason={data.users.length > 0 ? groupMessages.GROUP_HAS_MEMBERS : undefined}
                  onClick={() => void remove.start(data)}
                  loading={remove.pendingId === groupId}
                >
                  {groupMessages.DELETE}
                </DeleteButton>
              }
            />
          </Paper>
          <GroupUsersPanel group={data} place="member" />
          <GroupUsersPanel group={data} place="manager" />
        </>
      )}
    </DetailsPage>
  );
}

export { GroupPage as Component };
