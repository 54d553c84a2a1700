// The members or the managers of a group: who they are, a remove button each, and a picker to add one.
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { groupMessages, type GroupDetails, type GroupUser, type ValidUser } from '@testbed/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserPicker, userLabel } from '../../../shared/components/user-picker';
import { paths } from '../../../shared/paths';
import { useAddToGroup, useRemoveFromGroup, type GroupPlace } from '../api/groups';
import { notifySuccess, notifyFailure } from '../../../shared/notify';

const TEXTS = {
  member: {
    title: groupMessages.MEMBERS,
    empty: groupMessages.NO_MEMBER,
    add: groupMessages.ADD_MEMBER,
    added: groupMessages.MEMBER_ADDED,
    removed: groupMessages.MEMBER_REMOVED,
  },
  manager: {
    title: groupMessages.MANAGERS,
    empty: groupMessages.NO_MANAGER,
    add: groupMessages.ADD_MANAGER,
    added: groupMessages.MANAGER_ADDED,
    removed: groupMessages.MANAGER_REMOVED,
  },
} as const;

export function GroupUsersPanel({ group, place }: { group: GroupDetails; place: GroupPlace }) {
  const { t } = useTranslation();
  const texts = TEXTS[place];
  const users: GroupUser[] = place === 'manager' ? group.managerUsers : group.users;
  const [chosen, setChosen] = useState<ValidUser | null>(null);
  const add = useAddToGroup();
  const remove = useRemoveFromGroup();
  const failed = (error: Error) => notifyFailure(error.message);

  const submit = () => {
    if (!chosen) return;
    add.mutate(
      { groupId: group.groupId, userId: chosen.userId, as: place },
      {
        onSuccess: () => {
          setChosen(null);
          notifySuccess(texts.added);
        },
        onError: failed,
      },
    );
  };

  return (
    <Paper withBorder shadow="xs" radius="md" p="lg" data-testid={`group-${place}s`}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {texts.title} ({users.length})
        </Title>
        {users.length === 0 ? (
          <Text>{texts.empty}</Text>
        ) : (
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{groupMessages.LAST_NAME}</Table.Th>
                <Table.Th>{groupMessages.FIRST_NAME}</Table.Th>
                <Table.Th>{groupMessages.USERNAME}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('ACTIONS')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.userId} data-testid={`group-${place}-row`}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.user.href(user.userId)}>
                      {user.lastname}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{user.firstname}</Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`${groupMessages.REMOVE} ${userLabel(user)} (${texts.title})`}
                      loading={remove.isPending && remove.variables.userId === user.userId}
                      onClick={() =>
                        remove.mutate(
                          { groupId: group.groupId, userId: user.userId, as: place },
                          { onSuccess: () => notifySuccess(texts.removed), onError: failed },
                        )
                      }
                    >
                      {groupMessages.REMOVE}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 280px' }}>
            <UserPicker
              label={texts.add}
              placeholder={groupMessages.SEARCH_USER}
              nothingFound={groupMessages.NO_USER_FOUND}
              value={chosen}
              onChange={setChosen}
              exclude={users.map((user) => user.userId)}
            />
          </div>
          <Button onClick={submit} disabled={!chosen} loading={add.isPending} aria-label={`${groupMessages.ADD}: ${texts.add}`}>
            {groupMessages.ADD}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
