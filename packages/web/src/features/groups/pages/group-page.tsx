// One group (administrators): its name and type, its members and its managers, each added and removed
// one at a time, and a delete button for a group without members.
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groupBodyFromForm, groupMessages } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { DeleteButton } from '../../../shared/components/delete-button';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useGroup, useGroupTypes, useUpdateGroup } from '../api/groups';
import { GroupForm } from '../components/group-form';
import { GroupUsersPanel } from '../components/group-users-panel';
import { useDeleteGroupFlow } from '../components/use-delete-flows';
import { notifySuccess } from '../../../shared/notify';

export function GroupPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const groupId = Number(id);
  const validId = Number.isInteger(groupId) && groupId > 0;
  const group = useGroup(groupId, validId);
  const types = useGroupTypes();
  const update = useUpdateGroup();
  const navigate = useNavigate();
  const remove = useDeleteGroupFlow(() => void navigate(paths.groups.href()));
  useDocumentTitle(`${group.data ? `${groupMessages.GROUP} ${group.data.name}` : groupMessages.GROUP} | Testbed Portal`);

  const back = (
    <Button component={Link} to={paths.groups.href()} variant="default" w="fit-content">
      {groupMessages.BACK_TO_GROUPS}
    </Button>
  );
  if (!validId || (group.error instanceof ApiError && group.error.status === 404)) {
    return <MessagePage title={groupMessages.GROUP_NOT_FOUND} actions={back} />;
  }
  const data = group.data;

  return (
    <Stack maw={960} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {groupMessages.GROUP} {data?.name}
      </Title>
      {(group.isPending || types.isPending) && <Progress value={80} animated striped aria-label={t('LOADING')} />}
      {group.isError && <Text c="red.9">{group.error.message}</Text>}
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
                update.mutate(
                  { id: groupId, body: groupBodyFromForm(form, groupId) },
                  { onSuccess: () => notifySuccess(groupMessages.SAVED) },
                )
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
      <Group>{back}</Group>
      {remove.dialog}
    </Stack>
  );
}

export { GroupPage as Component };
