// The groups (administrators): name, type, numbers of members and managers, with details and delete
// buttons, and the way to create a group or to see the group types.
import { Anchor, Button, Group, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groupMessages, messages, type GroupSummary } from '@testbed/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DisabledWithReason } from '../../../shared/components/disabled-with-reason';
import { paths } from '../../../shared/paths';
import { useGroups } from '../api/groups';
import { useDeleteGroupFlow } from '../components/use-delete-flows';
import { reportFailure } from '../../../shared/report-failure';

export function GroupsPage() {
  useDocumentTitle(`${groupMessages.GROUPS} | Testbed Portal`);
  const groups = useGroups();
  const remove = useDeleteGroupFlow();
  // The spec's list reads fall back to an empty list and are only logged.
  useEffect(() => {
    if (groups.error) reportFailure('Loading the groups failed', groups.error);
  }, [groups.error]);
  const rows: GroupSummary[] = groups.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {groupMessages.GROUPS}
        </Title>
        <Group gap="sm">
          <Button component={Link} to={paths.groupTypes.href()} variant="default">
            {groupMessages.GROUP_TYPES}
          </Button>
          <Button component={Link} to={paths.groupNew.href()}>
            {groupMessages.NEW_GROUP}
          </Button>
        </Group>
      </Group>
      {groups.isPending && <Progress value={80} animated striped aria-label={messages.LOADING} />}
      {!groups.isPending && rows.length === 0 && <Text>{groupMessages.NO_GROUP}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{groupMessages.GROUP_NAME}</Table.Th>
                <Table.Th>{groupMessages.GROUP_TYPE}</Table.Th>
                <Table.Th>{groupMessages.NUMBER_OF_MEMBERS}</Table.Th>
                <Table.Th>{groupMessages.NUMBER_OF_MANAGERS}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{messages.ACTIONS}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((group) => (
                <Table.Tr key={group.groupId} data-testid="group-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.group.href(group.groupId)}>
                      {group.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{group.groupType?.label ?? '—'}</Table.Td>
                  <Table.Td>{group.memberCount}</Table.Td>
                  <Table.Td>{group.managerCount}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" component={Link} to={paths.group.href(group.groupId)} aria-label={`${groupMessages.DETAILS} ${group.name}`}>
                        {groupMessages.DETAILS}
                      </Button>
                      {group.memberCount > 0 ? (
                        <DisabledWithReason size="xs" variant="outline" color="red.9" aria-label={`${groupMessages.DELETE} ${group.name}`} reason={groupMessages.GROUP_HAS_MEMBERS}>
                          {groupMessages.DELETE}
                        </DisabledWithReason>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`${groupMessages.DELETE} ${group.name}`}
                          loading={remove.pendingId === group.groupId}
                          onClick={() => void remove.start(group)}
                        >
                          {groupMessages.DELETE}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.dialog}
    </Stack>
  );
}

export { GroupsPage as Component };
