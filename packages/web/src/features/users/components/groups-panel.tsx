// The groups (or managed groups) panel of a user's details: each group's name and type.
import { List, Text } from '@mantine/core';
import { userMessages, type UserDetails } from '@testbed/contract';
import { SectionTitle } from './section-title';

export function GroupsPanel({ title, rows }: { title: string; rows: UserDetails['userGroups'] }) {
  return (
    <>
      <SectionTitle>{title}</SectionTitle>
      {rows.length === 0 ? (
        <Text size="sm">{userMessages.NO_GROUP}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {rows.map((group) => (
            <List.Item key={group.groupId}>
              {group.name}
              {group.groupType ? ` (${group.groupType})` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}
