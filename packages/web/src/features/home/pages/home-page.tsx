// home: where a signed-in person starts. An administrator sees first what waits for them, each with the page
// that acts on it; everybody sees the devices they hold now and next (with the ways to flash and connect),
// their running flash jobs, the devices free now by type with a way to book each; a newcomer sees a short checklist until its steps are done.
import { Anchor, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { homeMessages } from '@testbed/contract';
import { Link } from 'react-router';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { fill } from '../../../shared/fill';
import { paths } from '../../../shared/paths';
import { Checklist } from '../components/checklist';
import { FreeDevices } from '../components/free-devices';
import { Panel } from '../components/home-panel';
import { ReservationsPanel } from '../components/reservation-cards';
import { useHome } from '../components/use-home';
import { WaitingPanel } from '../components/waiting-panel';

export function HomePage() {
  useDocumentTitle(`${homeMessages.HOME} | Testbed Portal`);
  const home = useHome();
  if (!home) return null;
  const { user, summary, running } = home;
  const held = { failure: home.reservationsFailure, user, jobs: home.finished };

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1}>{fill(homeMessages.WELCOME, { name: user.username })}</Title>
        {home.showChecklist && <Checklist steps={home.steps} />}
        {home.admin && (
          <Panel title={homeMessages.WAITING_FOR_YOU} testId="waiting-for-you">
            {summary.data ? <WaitingPanel summary={summary.data} /> : <QueryPlaceholder failure={summary.error?.message} />}
          </Panel>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ReservationsPanel
            title={`${homeMessages.YOUR_DEVICES}: ${homeMessages.NOW}`}
            testId="holding-now"
            reservations={home.holding}
            empty={homeMessages.NO_RESERVATION_NOW}
            {...held}
          />
          <ReservationsPanel
            title={`${homeMessages.YOUR_DEVICES}: ${homeMessages.NEXT}`}
            testId="holding-next"
            reservations={home.next}
            empty={homeMessages.NO_RESERVATION_NEXT}
            {...held}
          />
          <Panel title={homeMessages.FREE_NOW} testId="free-devices">
            <FreeDevices userId={user.userId} hasSshKey={user.hasSshKey} />
          </Panel>
        </SimpleGrid>
        <Group>
          <Button component={Link} to={user.hasSshKey ? paths.bookDevices.href(user.userId) : paths.noSshKeyValid.href(user.userId)}>
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
