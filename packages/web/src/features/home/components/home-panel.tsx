// A titled box of the home page.
import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
