// One group type (administrators): its label, the groups that have it, and a delete button for a type
// no group uses.
import { Anchor, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groupMessages, groupTypeFormSchema } from '@testbed/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { DeleteButton } from '../../../shared/components/delete-button';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useGroupsOfType, useGroupType, useUpdateGroupType } from '../api/groups';
import { NameForm } from '../../../shared/components/name-form';
import { useDeleteGroupTypeFlow } from '../components/use-delete-flows';
import { notifySuccess } from '../../../shared/notify';

export function GroupTypePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const typeId = Number(id);
  const validId = Number.isInteger(typeId) && typeId > 0;
  const type = useGroupType(typeId, validId);
  const groups = useGroupsOfType(typeId, validId);
  const update = useUpdateGroupType();
  const navigate = useNavigate();
  const remove = useDeleteGroupTypeFlow(() => void navigate(paths.groupTypes.href()));
  useDocumentTitle(`${type.data ? `${groupMessages.GROUP_TYPE} ${type.data.label}` : groupMessages.GROUP_TYPE} | Testbed Portal`);

  const back = (
    <Button component={Link} to={paths.groupTypes.href()} variant="default" w="fit-content">
      {groupMessages.BACK_TO_GROUP_TYPES}
    </Button>
  );
  if (!validId || (type.error instanceof ApiError && type.error.status === 404)) {
    return <MessagePage title={groupMessages.GROUP_TYPE_NOT_FOUND} actions={back} />;
  }
  const data = type.data;
  const members = groups.data ?? [];

  return (
    <Stack maw={860} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {groupMessages.GROUP_TYPE} {data?.label}
      </Title>
      {type.isPending && <Progress value={80} animated striped aria-label={t('LOADING')} />}
      {type.isError && <Text c="red.9">{type.error.message}</Text>}
      {data && (
        <>
          <Paper withBorder shadow="xs" radius="md" p="lg">
            <NameForm
              schema={groupTypeFormSchema}
              field="label"
              label={groupMessages.LABEL}
              key={data.label}
              initialValue={data.label}
              submitLabel={groupMessages.SAVE}
              pending={update.isPending}
              error={update.error}
              onSubmit={(form) =>
                update.mutate({ id: typeId, form }, { onSuccess: () => notifySuccess(groupMessages.SAVED) })
              }
              extraActions={
                <DeleteButton
                  blockedReason={data.groupCount > 0 ? groupMessages.GROUP_TYPE_HAS_GROUPS : undefined}
                  onClick={() => void remove.start(data)}
                  loading={remove.pendingId === typeId}
                >
                  {groupMessages.DELETE}
                </DeleteButton>
              }
            />
          </Paper>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {groupMessages.GROUPS_OF_TYPE} ({data.groupCount})
            </Title>
            {members.length === 0 ? (
              <Text>{groupMessages.NO_GROUP_OF_TYPE}</Text>
            ) : (
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{groupMessages.GROUP_NAME}</Table.Th>
                    <Table.Th>{groupMessages.NUMBER_OF_MEMBERS}</Table.Th>
                    <Table.Th>{groupMessages.NUMBER_OF_MANAGERS}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.map((group) => (
                    <Table.Tr key={group.groupId}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.group.href(group.groupId)}>
                          {group.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{group.memberCount}</Table.Td>
                      <Table.Td>{group.managerCount}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </>
      )}
      <Group>{back}</Group>
      {remove.dialog}
    </Stack>
  );
}

export { GroupTypePage as Component };
