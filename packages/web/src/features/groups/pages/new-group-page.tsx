// Creating a group (administrators): a name and an optional type; once created, its page opens to add
// members and managers.
import { Button, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groupBodyFromForm, groupMessages } from '@testbed/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCreateGroup, useGroupTypes } from '../api/groups';
import { GroupForm } from '../components/group-form';
import { notifySuccess } from '../../../shared/notify';
import { TitledPage } from '../../../shared/components/titled-page';

export function NewGroupPage() {
  useDocumentTitle(`${groupMessages.NEW_GROUP} | Testbed Portal`);
  const types = useGroupTypes();
  const create = useCreateGroup();
  const navigate = useNavigate();
  return (
    <TitledPage title={groupMessages.NEW_GROUP} maw={640} loading={types.isPending}>
      {!types.isPending && (
        <Paper withBorder shadow="xs" radius="md" p="lg">
          <GroupForm
            groupTypes={types.data ?? []}
            submitLabel={groupMessages.CREATE_GROUP}
            pending={create.isPending}
            error={create.error}
            onSubmit={(form) =>
              create.mutate(groupBodyFromForm(form), {
                onSuccess: (group) => {
                  notifySuccess(groupMessages.CREATED);
                  void navigate(paths.group.href(group.groupId));
                },
              })
            }
            extraActions={
              <Button component={Link} to={paths.groups.href()} variant="default">
                {groupMessages.CANCEL}
              </Button>
            }
          />
        </Paper>
      )}
    </TitledPage>
  );
}

export { NewGroupPage as Component };
