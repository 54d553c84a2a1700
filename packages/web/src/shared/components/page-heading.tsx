// A page's first heading with the sentence that introduces it.
import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro && <Text mt="xs">{intro}</Text>}
    </div>
  );
}
