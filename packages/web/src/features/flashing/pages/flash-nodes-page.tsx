// flashNodes/{id}: the flash form and the user's flash jobs. A user without a valid SSH key is sent to
// noSshkeyValid/{id}; the route's id is the user's own (an administrator may open anyone's, and flashes
// as themself). The flash itself runs on the server: closing the page does not stop it, and its state is
// shown again when the page is opened.
import { messages } from '@testbed/contract';
import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { flashJobsOptions, flashNodesOptions, useFlashListsRefresh, useMe, useStartBatchFlash, useStartFlash } from '../api/flashing-api';
import { FlashForm } from '../components/flash-form';
import { FlashHistory } from '../components/flash-history';
import { FlashJobsTable } from '../components/flash-jobs-table';
import { isActive } from '../flash-state';
import { reportFailure } from '../../../shared/report-failure';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';

export function FlashNodesPage() {
  useDocumentTitle(`${messages.FLASH_NODES} | Testbed Portal`);
  const { id } = useParams();
  const [search] = useSearchParams();
  // The devices to start with, when the page is opened from a reservation.
  const preselect = useMemo(() => (search.get('devices') ?? '').split(',').filter(Boolean), [search]);
  const navigate = useNavigate();
  const refreshLists = useFlashListsRefresh();
  const { user } = useSession();
  const routeUserId = Number(id);
  const ownPage = user !== null && routeUserId === user.userId;
  const allowed = user !== null && Number.isInteger(routeUserId) && routeUserId > 0 && (ownPage || may(user, 'flash:device'));

  const me = useMe(allowed);
  const nodes = useQuery({ ...flashNodesOptions, enabled: allowed });
  const jobs = useQuery({ ...flashJobsOptions, enabled: allowed });
  const start = useStartFlash();
  const batch = useStartBatchFlash();

  const running = useMemo(() => (jobs.data ?? []).filter((job) => isActive(job.state)), [jobs.data]);
  const busy = useMemo(() => new Set(running.map((job) => job.device)), [running]);

  // A job that ended brings its device back up: the lists are read again.
  const onEnded = useCallback(
    (handle: string) => {
      refreshLists(handle);
    },
    [refreshLists],
  );

  useEffect(() => {
    for (const error of [nodes.error, jobs.error]) if (error) reportFailure('flash screen could not be loaded', error);
  }, [nodes.error, jobs.error]);

  const failure = start.error ?? batch.error;
  const startError = failure instanceof ApiError || failure instanceof Error ? failure.message : null;
  const refused = (batch.data?.jobs ?? []).filter((job) => !job.started);
  useEffect(() => {
    if (user && startError === messages.NO_SSH_KEY) void navigate(paths.noSshKeyValid.href(user.userId), { replace: true });
  }, [navigate, startError, user]);

  if (!user) return null;
  if (!allowed) return <Navigate to={paths.flashNodes.href(user.userId)} replace />;
  if (me.data && !me.data.hasSshKey) return <Navigate to={paths.noSshKeyValid.href(user.userId)} replace />;

  const failed = nodes.isError || jobs.isError;
  const loading = nodes.isPending || jobs.isPending || me.isPending;

  // The frame of the booking page too: the title, then the failure or the loader until the lists are in.
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Title order={1}>{messages.FLASH_NODES}</Title>
        {failed || loading || !nodes.data || !jobs.data ? (
          <QueryPlaceholder failure={failed ? messages.LOADING_FAILED_TEXT : null} />
        ) : (
          <>
            <FlashForm
              nodes={nodes.data}
              busy={busy}
              running={running.length > 0}
              preselect={preselect}
              submitting={start.isPending || batch.isPending}
              error={startError}
              refused={refused}
              onFlash={(request) => {
                batch.reset();
                start.mutate(request);
              }}
              onFlashBatch={(request) => {
                start.reset();
                batch.mutate(request);
              }}
            />
            <Stack gap="xs">
              <Title order={2} size="h3">
                {messages.FLASH_JOBS}
              </Title>
              <FlashJobsTable jobs={jobs.data} onEnded={onEnded} />
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h3">
                {messages.MY_FLASH_HISTORY}
              </Title>
              <FlashHistory />
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}

export { FlashNodesPage as Component };
