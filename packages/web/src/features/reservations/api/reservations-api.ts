// Calls of the booking and reservation screens, their query options and hooks, each calling its endpoint of
// the contract's table.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { VALID_USERS_MAX, type FreeSlotsReply, type Reservation, type ReserveNodesRequest, messages } from '@testbed/contract';
import { authEndpoints as auth } from '@testbed/contract/endpoints/auth';
import { catalogueEndpoints as catalogue } from '@testbed/contract/endpoints/catalogue';
import { maintenanceEndpoints as maintenance } from '@testbed/contract/endpoints/maintenance';
import { reservationsEndpoints as reservations } from '@testbed/contract/endpoints/reservations';
import { usagePoliciesEndpoints as usagePolicies } from '@testbed/contract/endpoints/usage-policies';
import { userDirectoryEndpoints as userDirectory } from '@testbed/contract/endpoints/user-directory';
import { ApiError, call } from '../../../shared/api-client';
import { endpointQuery, invalidate, keyOf } from '../../../shared/endpoint-query';

/** 'mine': the user is responsible or takes part; 'others': the user has no part. */
export type ReservationListKind = 'mine' | 'others';

export const RESERVATION_PAGE_SIZE = 100;

/** Every read a booking, a deletion or a change of a reservation may change. */
const reservationReads = [reservations.mine, reservations.others, reservations.current, reservations.timeline];

/**
 * The user's newest reservations, past ones included: what the booking form counts against a weekly limit of
 * device-hours (the weeks a booking touches start at most a week before it, well within the newest hundred).
 */
export function recentReservationsOptions(userId: number) {
  return endpointQuery(reservations.mine, { params: { id: userId }, query: { all: 'true', offset: 0, limit: RESERVATION_PAGE_SIZE } });
}

/** One of the two tables, page by page: the server answers at most a page; a full page means there may be more. */
export function reservationListOptions(kind: ReservationListKind, userId: number, all: boolean) {
  const endpoint = reservations[kind];
  const input = { params: { id: userId }, query: { all: all ? ('true' as const) : ('false' as const) } };
  return infiniteQueryOptions({
    queryKey: keyOf(endpoint, input),
    queryFn: ({ pageParam, signal }) =>
      call(endpoint, { ...input, query: { ...input.query, offset: pageParam, limit: RESERVATION_PAGE_SIZE } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === RESERVATION_PAGE_SIZE ? pages.length * RESERVATION_PAGE_SIZE : undefined,
  });
}

export function useReservationList(kind: ReservationListKind, userId: number, all: boolean, enabled = true) {
  return useInfiniteQuery({ ...reservationListOptions(kind, userId, all), enabled });
}
export type ReservationListResult = ReturnType<typeof useReservationList>;

/**
 * What the booking timeline draws: every reservation (the user's and the others') holding a device of the
 * type within the window, in one call.
 */
export const reservationTimelineOptions = (userId: number, deviceType: string, window: { from: Date; to: Date }) =>
  endpointQuery(reservations.timeline, {
    params: { id: userId },
    query: { deviceType, from: window.from.toISOString(), to: window.to.toISOString() },
  });

export const nodesToReserveOptions = endpointQuery(reservations.nodesToReserve);

/** The maintenance windows over the timeline's days, drawn as blocked time. */
export const maintenanceOptions = (window: { from: Date; to: Date }) =>
  endpointQuery(maintenance.list, { query: { from: window.from.toISOString(), to: window.to.toISOString() } });

/** The devices' properties, for the booking screen's filter. */
export const deviceCatalogueOptions = endpointQuery(catalogue.catalogue);

export const reservationTypesOptions = queryOptions({ ...endpointQuery(reservations.reservationTypes), staleTime: Infinity });

export const validUsersOptions = (name: string) =>
  queryOptions({ ...endpointQuery(userDirectory.search, { query: { name, limit: VALID_USERS_MAX } }), staleTime: 60_000 });

/** The signed-in user as the server knows them now: a key added since sign-in counts. */
export const meOptions = queryOptions({ ...endpointQuery(auth.me), staleTime: 0 });

/** The booking form's label of each field of the request, by the last name of the field's path. */
const BOOKING_FIELD_LABELS: Partial<Record<string, keyof typeof messages>> = {
  startDate: 'START_DATE',
  startHour: 'START_HOUR',
  durationHour: 'DURATION_HOURS',
  durationMinute: 'DURATION_MINUTES',
  endDate: 'END_DATE',
  endHour: 'END_HOUR',
  reservationType: 'RESERVATION_TYPE',
  reservationDescription: 'DESCRIPTION',
  selectedDevicetype: 'DEVICE_TYPE',
};

/** A refusal of one field, named by the form's label (or not at all: the request's path means nothing to a person). */
function fieldRefusal(path: string, text: string): string {
  const name = path.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? '';
  const key = BOOKING_FIELD_LABELS[name];
  if (key === undefined) return text;
  const label = messages[key];
  return text.startsWith(label) ? text : `${label}: ${text}`;
}

/** The messages of a refused booking or deletion: value1 of the tuple reply, else the error's message. */
export function refusalMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    const body = error.body as { value1?: unknown } | undefined;
    if (body && Array.isArray(body.value1) && body.value1.every((item) => typeof item === 'string')) {
      return body.value1.length > 0 ? (body.value1 as string[]) : [error.message];
    }
    const fields = Object.entries(error.fieldErrors).flatMap(([field, list]) => list.map((text) => fieldRefusal(field, text)));
    return fields.length > 0 ? fields : [error.message];
  }
  return [error instanceof Error ? error.message : String(error)];
}

export class RefusedError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('\n'));
    this.name = 'RefusedError';
  }
}

/** Books the devices; resolves with the new reservation id or rejects with the failure messages. */
export async function reserveNodes(request: ReserveNodesRequest): Promise<number> {
  let reply;
  try {
    reply = await call(reservations.book, { body: request });
  } catch (error) {
    throw new RefusedError(refusalMessages(error));
  }
  if (reply.value0 && typeof reply.value1 === 'number') return reply.value1;
  throw new RefusedError(Array.isArray(reply.value1) ? reply.value1 : []);
}

export function useReserveNodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveNodes,
    onSuccess: () => invalidate(queryClient, reservationReads),
  });
}

export async function deleteReservation(reservationId: number): Promise<string[]> {
  let reply;
  try {
    reply = await call(reservations.delete, { params: { id: reservationId } });
  } catch (error) {
    throw new RefusedError(refusalMessages(error));
  }
  if (!reply.value0) throw new RefusedError(reply.value1);
  return reply.value1;
}

/** Deletes, then takes the row out of every list at once and refreshes them from the server. */
export function useDeleteReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReservation,
    onSuccess: async (_messages, reservationId) => {
      // The same endpoints also answer single pages (the booking form's recent reservations): each reply is
      // cut in its own shape.
      const cut = (rows: Reservation[]) => rows.filter((reservation) => reservation.reservationId !== reservationId);
      for (const list of [reservations.mine, reservations.others]) {
        queryClient.setQueriesData<InfiniteData<Reservation[], unknown> | Reservation[]>({ queryKey: [list.id] }, (data) =>
          data === undefined ? data : Array.isArray(data) ? cut(data) : { ...data, pages: data.pages.map(cut) },
        );
      }
      await invalidate(queryClient, reservationReads);
    },
  });
}

export function useMe(enabled = true) {
  return useQuery({ ...meOptions, enabled });
}

/** The earliest windows where `count` devices of the type are free for the duration (GET /api/freeSlots). */
export async function fetchFreeSlots(query: { deviceType: string; count: number; durationMinutes: number; mode: 'Exclusive' | 'Shared' }): Promise<FreeSlotsReply> {
  try {
    return await call(reservations.freeSlots, { query });
  } catch (error) {
    throw new RefusedError(refusalMessages(error));
  }
}

/** The usage limits that bind the user, per device type. */
export const myUsageLimitsOptions = (userId: number) =>
  queryOptions({ ...endpointQuery(usagePolicies.mine, { query: { userId } }), staleTime: 60_000 });

/** Moves the end of a reservation (extend or shorten) or releases it now; the lists are read again after. */
export function useChangeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { reservationId: number; endDate?: Date }) => {
      try {
        const params = { id: change.reservationId };
        return change.endDate === undefined
          ? await call(reservations.release, { params })
          : await call(reservations.changeEnd, { params, body: { endDate: change.endDate.toISOString() } });
      } catch (error) {
        throw new RefusedError(refusalMessages(error));
      }
    },
    onSuccess: () => invalidate(queryClient, reservationReads),
  });
}
