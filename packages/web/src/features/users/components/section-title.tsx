// The heading of a panel under a user's details, with its add link when it has one.
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A panel's heading, with its add link when it has one. */
export function SectionTitle({ children, add }: { children: string; add?: { label: string; to: string } }) {
  return (
    <Group justify="space-between" mb="xs">
      <Text fw={700} component="h2" size="lg">
        {children}
      </Text>
      {add && (
        <Button size="xs" variant="light" component={Link} to={add.to}>
          {add.label}
        </Button>
      )}
    </Group>
  );
}
