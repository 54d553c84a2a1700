// The frame of the password, e-mail and deletion forms: a title, an optional line naming the account,
// and the form in a card.
import { Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PageHeading } from '../../../shared/components/page-heading';

export function AccountFormLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`${title} | Testbed Portal`);
  return (
    <Stack maw={560} mx="auto" mt="lg" gap="lg">
      <PageHeading title={title} intro={subtitle} />
      <Paper withBorder shadow="xs" radius="md" p="lg">
        {children}
      </Paper>
    </Stack>
  );
}
