// The devices a person holds now or next: each reservation with its devices, the command to connect to
// each once it runs (the last finished flash's, which names the testbed's jump host when there is one) and
// a way to flash them.
import { Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { homeMessages, type FlashJob, type Reservation } from '@testbed/contract';
import { Link } from 'react-router';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { paths } from '../../../shared/paths';
import type { SessionUser } from '../../../shared/session';
import { formatDateTime } from '../../../shared/time';
import { Panel } from './home-panel';

export interface ReservationsPanelProps {
  title: string;
  testId: string;
  /** Undefined while the list loads or when its read failed. */
  reservations: readonly Reservation[] | undefined;
  failure: string | undefined;
  empty: string;
  user: SessionUser;
  jobs: readonly FlashJob[];
}

export function ReservationsPanel({ title, testId, reservations, failure, empty, user, jobs }: ReservationsPanelProps) {
  return (
    <Panel title={title} testId={testId}>
      {!reservations ? (
        <QueryPlaceholder failure={failure} />
      ) : reservations.length === 0 ? (
        <Text size="sm">{empty}</Text>
      ) : (
        <Stack gap="md">
          {reservations.map((reservation) => (
            <ReservationCard key={reservation.reservationId} reservation={reservation} user={user} jobs={jobs} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function ReservationCard({ reservation, user, jobs }: { reservation: Reservation; user: SessionUser; jobs: readonly FlashJob[] }) {
  const now = Date.now();
  const running = new Date(reservation.startDate).getTime() <= now;
  const devices = reservation.deviceReservations.map(({ device }) => device);
  return (
    <Stack gap={6} data-testid="home-reservation">
      <Text size="sm" fw={600}>
        {formatDateTime(reservation.startDate)} – {formatDateTime(reservation.endDate)} · {reservation.reservationType}
        {reservation.description ? ` · ${reservation.description}` : ''}
      </Text>
      <List size="sm" spacing={2}>
        {devices.map((device) => {
          // The command of the device's last finished flash names the testbed's jump host when there is one.
          const done = jobs.find((job) => job.device === device.macAddress && job.state === 'done' && job.sshCommand);
          return (
            <List.Item key={device.macAddress}>
              {device.deviceType} {device.ipAddress}
              {running && (
                <>
                  {' · '}
                  <Code>{done?.sshCommand ?? `ssh ${user.username}@${device.ipAddress}`}</Code>
                </>
              )}
            </List.Item>
          );
        })}
      </List>
      {running && user.hasSshKey && (
        <Group>
          <Button
            component={Link}
            to={paths.flashNodes.href(user.userId, devices.map((device) => device.macAddress))}
            size="compact-sm"
            variant="light"
          >
            {homeMessages.FLASH}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
