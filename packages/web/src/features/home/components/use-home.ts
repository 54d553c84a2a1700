// What the home page shows, read and sorted: the reservations held now and the next three, the running
// flash jobs, the finished ones (for their connect commands) and a newcomer's first steps.
import { homeMessages, type FlashJob } from '@testbed/contract';
import { paths } from '../../../shared/paths';
import { may, useSession } from '../../../shared/session';
import { useAdminSummary, useEverBooked, useFlashHistory, useFlashJobs, useMe, useOpenReservations } from '../api/home-api';
import type { ChecklistStep } from './checklist';

const RUNNING_STATES = new Set<FlashJob['state']>(['pending', 'flashing', 'waiting_ready', 'restoring']);

export function useHome() {
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
  const open = reservations.data;
  const finished = history.data?.jobs ?? [];
  const flashed = finished.some((job) => job.state === 'done');
  const steps: ChecklistStep[] = [
    { label: homeMessages.STEP_SSH_KEY, done: hasSshKey, to: paths.userCredentialNew.href(user.userId) },
    { label: homeMessages.STEP_BOOK, done: everBooked.data === true, to: paths.bookDevices.href(user.userId) },
    { label: homeMessages.STEP_FLASH, done: flashed, to: paths.flashNodes.href(user.userId) },
    { label: homeMessages.STEP_CONNECT, done: flashed, to: paths.reservations.href(user.userId) },
  ];
  return {
    user: { ...user, hasSshKey },
    admin,
    summary,
    reservationsFailure: reservations.error?.message,
    holding: open?.filter((reservation) => new Date(reservation.startDate).getTime() <= now),
    next: open?.filter((reservation) => new Date(reservation.startDate).getTime() > now).slice(0, 3),
    running: (jobs.data ?? []).filter((job) => RUNNING_STATES.has(job.state)),
    finished,
    steps,
    // Shown only once what it depends on is known, so that it does not flash up for a seasoned user.
    showChecklist: everBooked.isSuccess && history.isSuccess && me.isSuccess && steps.some((step) => !step.done),
  };
}
