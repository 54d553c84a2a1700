// The layout of the short pages that state one thing and offer a way on (sign-out, access denied,
// account invalid, not found).
import { Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

export interface MessagePageProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function MessagePage({ title, children, actions }: MessagePageProps) {
  useDocumentTitle(`${title} | Testbed Portal`);
  return (
    <Paper withBorder shadow="xs" radius="md" p="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        {actions}
      </Stack>
    </Paper>
  );
}
