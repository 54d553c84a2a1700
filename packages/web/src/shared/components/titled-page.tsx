// A page's column: its title, the progress bar while it loads, then its content.
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingBar } from './loading-bar';

export interface TitledPageProps {
  title: ReactNode;
  maw: number;
  loading?: boolean;
  children?: ReactNode;
}

export function TitledPage({ title, maw, loading = false, children }: TitledPageProps) {
  return (
    <Stack maw={maw} mx="auto" mt="lg" gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {loading && <LoadingBar />}
      {children}
    </Stack>
  );
}
