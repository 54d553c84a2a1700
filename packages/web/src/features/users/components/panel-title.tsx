// The heading of a panel of a user's own page.
import { Text } from '@mantine/core';

export function PanelTitle({ children }: { children: string }) {
  return (
    <Text fw={700} component="h2" size="lg">
      {children}
    </Text>
  );
}
