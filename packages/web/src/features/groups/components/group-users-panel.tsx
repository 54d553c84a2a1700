// The members or the managers of a group: who they are, a remove button each, and a picker to add one (the
// contract's groupUserFormSchema).
import { Button, Group, Paper, Stack } from '@mantine/core';
import { groupMessages, groupUserFormSchema, type GroupDetails, type GroupUser, type GroupUserForm, commonMessages } from '@testbed/contract';
import { RowsSection, userColumns, type RowsTableColumn } from '../../../shared/components/rows-table';
import { useContractForm } from '../../../shared/form';
import { UserPicker, userLabel } from '../../../shared/components/user-picker';
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

const USER_COLUMNS = userColumns<GroupUser>({
  lastName: groupMessages.LAST_NAME,
  firstName: groupMessages.FIRST_NAME,
  username: groupMessages.USERNAME,
});

export function GroupUsersPanel({ group, place }: { group: GroupDetails; place: GroupPlace }) {
  const texts = TEXTS[place];
  const users: GroupUser[] = place === 'manager' ? group.managerUsers : group.users;
  const form = useContractForm(groupUserFormSchema, { user: null });
  const add = useAddToGroup();
  const remove = useRemoveFromGroup();
  const failed = (error: Error) => notifyFailure(error.message);
  const columns: RowsTableColumn<GroupUser>[] = [
    ...USER_COLUMNS,
    {
      header: commonMessages.ACTIONS,
      hideHeader: true,
      align: 'right',
      cell: (user) => (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`${groupMessages.REMOVE} ${userLabel(user)} (${texts.title})`}
          loading={remove.isPending && remove.variables.userId === user.userId}
          onClick={() =>
            remove.mutate({ groupId: group.groupId, userId: user.userId, as: place }, { onSuccess: () => notifySuccess(texts.removed), onError: failed })
          }
        >
          {groupMessages.REMOVE}
        </Button>
      ),
    },
  ];

  const submit = ({ user }: GroupUserForm) => {
    if (!user) return;
    add.mutate(
      { groupId: group.groupId, userId: user.userId, as: place },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(texts.added);
        },
        onError: failed,
      },
    );
  };

  return (
    <Paper withBorder shadow="xs" radius="md" p="lg" data-testid={`group-${place}s`}>
      <Stack gap="md">
        <RowsSection
          title={texts.title}
          count={users.length}
          empty={texts.empty}
          gap="md"
          columns={columns}
          rows={users}
          rowKey={(user) => user.userId}
          rowTestId={`group-${place}-row`}
        />
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Group align="flex-end" wrap="wrap">
            <div style={{ flex: '1 1 280px' }}>
              <UserPicker
                label={texts.add}
                placeholder={groupMessages.SEARCH_USER}
                nothingFound={groupMessages.NO_USER_FOUND}
                value={form.getValues().user}
                onChange={(user) => form.setFieldValue('user', user)}
                error={form.errors.user as string | undefined}
                exclude={users.map((user) => user.userId)}
              />
            </div>
            <Button type="submit" loading={add.isPending} aria-label={`${groupMessages.ADD}: ${texts.add}`}>
              {groupMessages.ADD}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
