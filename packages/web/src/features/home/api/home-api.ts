// The home page's reads: the administrators' summary, and the person's own reservations and flash jobs
// (the same endpoints as the reservation and flash screens, so their replies share those screens' cache).
import { useQuery } from '@tanstack/react-query';
import { authEndpoints as auth } from '@testbed/contract/endpoints/auth';
import { catalogueEndpoints as catalogue } from '@testbed/contract/endpoints/catalogue';
import { flashingEndpoints as flashing } from '@testbed/contract/endpoints/flashing';
import { homeEndpoints as home } from '@testbed/contract/endpoints/home';
import { reservationsEndpoints as reservations } from '@testbed/contract/endpoints/reservations';
import { call } from '../../../shared/api-client';
import { endpointQuery, useChange } from '../../../shared/endpoint-query';

export const useAdminSummary = (enabled: boolean) => useQuery({ ...endpointQuery(home.adminSummary), enabled });
/** The reservations of the user that have not ended (the list's default), soonest first. */
export const useOpenReservations = (userId: number) =>
  useQuery(endpointQuery(reservations.mine, { params: { id: userId }, query: { limit: 50 } }));
/** Whether the user ever booked: one reservation of the whole list is enough. */
export const useEverBooked = (userId: number) =>
  useQuery({ ...endpointQuery(reservations.mine, { params: { id: userId }, query: { all: 'true', limit: 1 } }), select: (rows) => rows.length > 0 });
export const useFlashJobs = () => useQuery(endpointQuery(flashing.jobs));
export const useFlashHistory = () => useQuery(endpointQuery(flashing.history, { query: { limit: 20 } }));

/** The devices free now (up, not booked, flashed, quarantined or in maintenance), counted by device type. */
export const useFreeDevices = () =>
  useQuery({
    ...endpointQuery(catalogue.catalogue, { query: { state: 'up' } }),
    select: (reply): Array<{ deviceType: string; count: number }> => {
      const counts = new Map<string, number>();
      for (const device of reply.devices) counts.set(device.deviceType, (counts.get(device.deviceType) ?? 0) + 1);
      return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([deviceType, count]) => ({ deviceType, count }));
    },
  });

/** The signed-in person as the server knows them now: a key added since the sign-in counts. */
export const useMe = () => useQuery(endpointQuery(auth.me));

/** The failing mails (administrators), looked at again every half minute as the sender keeps trying. */
export const useFailingMails = () => useQuery({ ...endpointQuery(home.failingMails), refetchInterval: 30_000 });
/** Asks for a new attempt of one mail at once. */
export const useRetryMail = () => useChange((id: number) => call(home.retryMail, { params: { id } }), () => [home.failingMails, home.adminSummary]);
