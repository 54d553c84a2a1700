// One list of the reservations page (the user's, or the others'): its heading, a spinner while it loads,
// the table, and "Show more" while the server has more pages.
import { Box, Button, Center, Group, Loader, Text, Title } from '@mantine/core';
import { messages, type Reservation } from '@testbed/contract';
import type { ComponentProps } from 'react';
import type { ReservationListResult } from '../api/reservations-api';
import { ReservationsTable } from './reservations-table';

function ShowMore({ query }: { query: ReservationListResult }) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt="xs">
      <Button variant="default" size="xs" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {messages.SHOW_MORE}
      </Button>
    </Group>
  );
}

type TableProps = Omit<ComponentProps<typeof ReservationsTable>, 'labelledBy' | 'reservations' | 'footer'>;

export function ReservationsSection({
  headingId,
  title,
  query,
  ...table
}: TableProps & { headingId: string; title: string; query: ReservationListResult }) {
  const reservations: Reservation[] = query.data?.pages.flat() ?? [];
  return (
    <Box component="section">
      <Title order={2} size="h3" id={headingId} mb="xs">
        {title}
      </Title>
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={messages.LOADING} />
        </Center>
      ) : query.isError ? (
        // A failed load is said, not only logged: saying nothing would read as an empty list.
        <Text c="red.9">{messages.LOADING_FAILED}</Text>
      ) : (
        <ReservationsTable labelledBy={headingId} reservations={reservations} footer={<ShowMore query={query} />} {...table} />
      )}
    </Box>
  );
}
