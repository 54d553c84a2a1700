// home: where a signed-in person starts. An administrator sees first what waits for them, each with the page
// that acts on it; everybody sees the devices they hold now and next (with the ways to flash and connect),
// their running flash jobs, the devices free now by type with a way to book each; a newcomer sees a short checklist until its steps are done.
import { Anchor, Button, Code, Container, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { homeMessages, type AdminSummary, type FlashJob, type Reservation } from '@testbed/contract';
import { Link } from 'react-router';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { formatDateTime } from '../../../shared/time';
import { fill } from '../../../shared/fill';
import { paths } from '../../../shared/paths';
import { may, useSession, type SessionUser } from '../../../shared/session';
import { useAdminSummary, useEverBooked, useFlashHistory, useFlashJobs, useFreeDevices, useMe, useOpenReservations } from '../api/home-api';

const RUNNING_STATES = new Set<FlashJob['state']>(['pending', 'flashing', 'waiting_ready', 'restoring']);

function Panel({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The administrators' counts; only those above zero show, each with its page. */
function WaitingPanel({ summary }: { summary: AdminSummary }) {
  const lines: Array<{ count: number; text: string; to: string }> = [
    { count: summary.accountsToApprove, text: homeMessages.ACCOUNTS_TO_APPROVE, to: paths.users.href() },
    { count: summary.revalidationsPending, text: homeMessages.REVALIDATIONS_PENDING, to: paths.displayValidationPendingAccounts.href() },
    { count: summary.devicesQuarantined, text: homeMessages.DEVICES_QUARANTINED, to: paths.deviceHealth.href() },
    { count: summary.devicesFailing, text: homeMessages.DEVICES_FAILING, to: paths.deviceHealth.href() },
    { count: summary.devicesDown, text: homeMessages.DEVICES_DOWN, to: paths.deviceHealth.href() },
    { count: summary.maintenanceComing, text: homeMessages.MAINTENANCE_COMING, to: paths.maintenance.href() },
    { count: summary.mailsFailing, text: homeMessages.MAILS_FAILING, to: paths.failingMails.href() },
  ].filter((line) => line.count > 0);
  if (lines.length === 0) return <Text size="sm">{homeMessages.NOTHING_WAITS}</Text>;
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Group key={line.text} justify="space-between" wrap="nowrap" data-testid="waiting-line">
          <Text size="sm">{fill(line.text, { count: line.count })}</Text>
          <Button component={Link} to={line.to} size="compact-sm" variant="light">
            {homeMessages.OPEN}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

/** The devices free now, by type, each type with the booking form opened on it. */
function FreeDevices({ userId, hasSshKey }: { userId: number; hasSshKey: boolean }) {
  const free = useFreeDevices();
  if (!free.data) return <QueryPlaceholder failure={free.error?.message} />;
  if (free.data.length === 0) return <Text size="sm">{homeMessages.NO_FREE_DEVICE}</Text>;
  return (
    <Table verticalSpacing={4} fz="sm" aria-label={homeMessages.FREE_NOW}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{homeMessages.DEVICE_TYPE}</Table.Th>
          <Table.Th>{homeMessages.FREE_COUNT}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{homeMessages.ACTIONS}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {free.data.map(({ deviceType, count }) => (
          <Table.Tr key={deviceType} data-device-type={deviceType}>
            <Table.Td>{deviceType}</Table.Td>
            <Table.Td>{count}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>
              <Button
                component={Link}
                to={hasSshKey ? `${paths.bookDevices.href(userId)}?deviceType=${encodeURIComponent(deviceType)}` : paths.noSshKeyValid.href(userId)}
                size="compact-sm"
                variant="light"
                aria-label={fill(homeMessages.BOOK_TYPE_NOW, { type: deviceType })}
              >
                {homeMessages.BOOK}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
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

function Checklist({ steps }: { steps: Array<{ label: string; done: boolean; to: string }> }) {
  return (
    <Panel title={homeMessages.CHECKLIST_TITLE} testId="first-steps">
      <Text size="sm" mb="xs">
        {homeMessages.CHECKLIST_INTRO}
      </Text>
      <List type="ordered" size="sm" spacing={6}>
        {steps.map((step) => (
          <List.Item key={step.label}>
            <Group gap="xs">
              {step.done ? (
                <Text span size="sm" td="line-through" c="dimmed">
                  {step.label}
                </Text>
              ) : (
                <Anchor component={Link} to={step.to} size="sm">
                  {step.label}
                </Anchor>
              )}
              <Text span size="xs" fw={700} c="gray.7">
                ({step.done ? homeMessages.STEP_DONE : homeMessages.STEP_TODO})
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Panel>
  );
}

export function HomePage() {
  useDocumentTitle(`${homeMessages.HOME} | Testbed Portal`);
  const user = useSession().user;
  const admin = may(user, 'admin-summary:read');
  const summary = useAdminSummary(admin);
  const reservations = useOpenReservations(user?.userId ?? 0);
  const everBooked = useEverBooked(user?.userId ?? 0);
  const jobs = useFlashJobs();
  const history = useFlashHistory();
  // The session's copy is as old as the sign-in: a key added since counts too.
  const me = useMe();
  if (!user) return null;
  const hasSshKey = me.data?.hasSshKey ?? user.hasSshKey;

  const now = Date.now();
  const open = reservations.data ?? [];
  const holding = open.filter((reservation) => new Date(reservation.startDate).getTime() <= now);
  const next = open.filter((reservation) => new Date(reservation.startDate).getTime() > now).slice(0, 3);
  const running = (jobs.data ?? []).filter((job) => RUNNING_STATES.has(job.state));
  const finished = history.data?.jobs ?? [];
  const flashed = finished.some((job) => job.state === 'done');
  const steps = [
    { label: homeMessages.STEP_SSH_KEY, done: hasSshKey, to: paths.userCredentialNew.href(user.userId) },
    { label: homeMessages.STEP_BOOK, done: everBooked.data === true, to: paths.bookDevices.href(user.userId) },
    { label: homeMessages.STEP_FLASH, done: flashed, to: paths.flashNodes.href(user.userId) },
    { label: homeMessages.STEP_CONNECT, done: flashed, to: paths.reservations.href(user.userId) },
  ];
  // Shown only once what it depends on is known, so that it does not flash up for a seasoned user.
  const showChecklist = everBooked.isSuccess && history.isSuccess && me.isSuccess && steps.some((step) => !step.done);

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1}>{fill(homeMessages.WELCOME, { name: user.username })}</Title>
        {showChecklist && <Checklist steps={steps} />}
        {admin && (
          <Panel title={homeMessages.WAITING_FOR_YOU} testId="waiting-for-you">
            {summary.data ? <WaitingPanel summary={summary.data} /> : <QueryPlaceholder failure={summary.error?.message} />}
          </Panel>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Panel title={`${homeMessages.YOUR_DEVICES}: ${homeMessages.NOW}`} testId="holding-now">
            {!reservations.data ? (
              <QueryPlaceholder failure={reservations.error?.message} />
            ) : holding.length === 0 ? (
              <Text size="sm">{homeMessages.NO_RESERVATION_NOW}</Text>
            ) : (
              <Stack gap="md">
                {holding.map((reservation) => (
                  <ReservationCard key={reservation.reservationId} reservation={reservation} user={{ ...user, hasSshKey }} jobs={finished} />
                ))}
              </Stack>
            )}
          </Panel>
          <Panel title={`${homeMessages.YOUR_DEVICES}: ${homeMessages.NEXT}`} testId="holding-next">
            {!reservations.data ? (
              <QueryPlaceholder failure={reservations.error?.message} />
            ) : next.length === 0 ? (
              <Text size="sm">{homeMessages.NO_RESERVATION_NEXT}</Text>
            ) : (
              <Stack gap="md">
                {next.map((reservation) => (
                  <ReservationCard key={reservation.reservationId} reservation={reservation} user={{ ...user, hasSshKey }} jobs={finished} />
                ))}
              </Stack>
            )}
          </Panel>
          <Panel title={homeMessages.FREE_NOW} testId="free-devices">
            <FreeDevices userId={user.userId} hasSshKey={hasSshKey} />
          </Panel>
        </SimpleGrid>
        <Group>
          <Button component={Link} to={hasSshKey ? paths.bookDevices.href(user.userId) : paths.noSshKeyValid.href(user.userId)}>
            {homeMessages.BOOK_NOW}
          </Button>
          {running.length > 0 && (
            <Group gap="xs" data-testid="running-flashes">
              <Text size="sm">{fill(homeMessages.RUNNING_FLASHES, { count: running.length })}</Text>
              <Anchor component={Link} to={paths.flashNodes.href(user.userId)} size="sm">
                {homeMessages.SEE_FLASH_JOBS}
              </Anchor>
            </Group>
          )}
        </Group>
      </Stack>
    </Container>
  );
}

export { HomePage as Component };
