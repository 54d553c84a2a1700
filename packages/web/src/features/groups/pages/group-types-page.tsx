// The group types (administrators), 50 to a page (accounts document, section 9): label and number of
// groups, with details and delete buttons, and the way to create one.
import { Anchor, Button, Group, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { groupMessages, messages, REFERENCE_PAGE_SIZE, type GroupType } from '@testbed/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DisabledWithReason } from '../../../shared/components/disabled-with-reason';
import { PageControls, usePage } from '../../../shared/components/paged';
import { paths } from '../../../shared/paths';
import { useGroupTypes } from '../api/groups';
import { useDeleteGroupTypeFlow } from '../components/use-delete-flows';
import { reportFailure } from '../../../shared/report-failure';

export function GroupTypesPage() {
  useDocumentTitle(`${groupMessages.GROUP_TYPES} | Testbed Portal`);
  const types = useGroupTypes();
  const remove = useDeleteGroupTypeFlow();
  useEffect(() => {
    if (types.error) reportFailure('Loading the group types failed', types.error);
  }, [types.error]);
  const all: GroupType[] = types.data ?? [];
  const pager = usePage(all, REFERENCE_PAGE_SIZE);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {groupMessages.GROUP_TYPES}
        </Title>
        <Group gap="sm">
          <Button component={Link} to={paths.groups.href()} variant="default">
            {groupMessages.GROUPS}
          </Button>
          <Button component={Link} to={paths.groupTypeNew.href()}>
            {groupMessages.NEW_GROUP_TYPE}
          </Button>
        </Group>
      </Group>
      {types.isPending && <Progress value={80} animated striped aria-label={messages.LOADING} />}
      {!types.isPending && all.length === 0 && <Text>{groupMessages.NO_GROUP_TYPES}</Text>}
      {all.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{groupMessages.LABEL}</Table.Th>
                <Table.Th>{groupMessages.NUMBER_OF_GROUPS}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{messages.ACTIONS}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pager.rows.map((type) => (
                <Table.Tr key={type.groupTypeId} data-testid="group-type-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.groupType.href(type.groupTypeId)}>
                      {type.label}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{type.groupCount}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" component={Link} to={paths.groupType.href(type.groupTypeId)} aria-label={`${groupMessages.DETAILS} ${type.label}`}>
                        {groupMessages.DETAILS}
                      </Button>
                      {type.groupCount > 0 ? (
                        <DisabledWithReason size="xs" variant="outline" color="red.9" aria-label={`${groupMessages.DELETE} ${type.label}`} reason={groupMessages.GROUP_TYPE_HAS_GROUPS}>
                          {groupMessages.DELETE}
                        </DisabledWithReason>
                      ) : (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`${groupMessages.DELETE} ${type.label}`}
                          loading={remove.pendingId === type.groupTypeId}
                          onClick={() => void remove.start(type)}
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
      <PageControls pager={pager} label={groupMessages.GROUP_TYPES} />
      {remove.dialog}
    </Stack>
  );
}

export { GroupTypesPage as Component };
