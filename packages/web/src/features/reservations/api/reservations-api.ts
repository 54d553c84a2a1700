// Calls of the booking and reservation screens, their query options and hooks.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  deleteReservationReplySchema,
  deviceCatalogueSchema,
  maintenanceWindowListSchema,
  freeSlotsReplySchema,
  meReplySchema,
  myUsageLimitsSchema,
  reservationSchema,
  type FreeSlotsReply,
  nodesToReserveSchema,
  reservationListSchema,
  reservationTimelineSchema,
  reservationTypeSchema,
  reserveNodesReplySchema,
  validUserListSchema,
  VALID_USERS_MAX,
  type Reservation,
  type ReserveNodesRequest,
} from '@testbed/contract';
import * as z from 'zod/mini';
import { ApiError, api } from '../../../shared/api-client';

/** 'mine': the user is responsible or takes part; 'others': the user has no part. */
export type ReservationListKind = 'mine' | 'others';

export const RESERVATION_PAGE_SIZE = 100;

export const reservationKeys = {
  all: ['reservations'] as const,
  lists: () => [...reservationKeys.all, 'list'] as const,
  list: (kind: ReservationListKind, userId: number, all: boolean) => [...reservationKeys.lists(), kind, userId, all] as const,
  timeline: (userId: number, deviceType: string, from: number, to: number) =>
    [...reservationKeys.all, 'timeline', userId, deviceType, from, to] as const,
};

export async function fetchReservationPage(
  kind: ReservationListKind,
  userId: number,
  options: { all: boolean; offset: number; limit: number; signal?: AbortSignal },
): Promise<Reservation[]> {
  const path = kind === 'mine' ? 'userReservations' : 'otherReservations';
  const reply = await api.get<unknown>(`/api/${path}/${userId}`, {
    query: { all: options.all, offset: options.offset, limit: options.limit },
    signal: options.signal,
  });
  return reservationListSchema.parse(reply);
}

/**
 * The user's newest reservations, past ones included: what the booking form counts against a weekly limit of
 * device-hours (the weeks a booking touches start at most a week before it, well within the newest hundred).
 */
export function recentReservationsOptions(userId: number) {
  return queryOptions({
    queryKey: [...reservationKeys.lists(), 'recent', userId] as const,
    queryFn: ({ signal }) => fetchReservationPage('mine', userId, { all: true, offset: 0, limit: RESERVATION_PAGE_SIZE, signal }),
  });
}

/** One of the two tables, page by page: the server answers at most a page; a full page means there may be more. */
export function reservationListOptions(kind: ReservationListKind, userId: number, all: boolean) {
  return infiniteQueryOptions({
    queryKey: reservationKeys.list(kind, userId, all),
    queryFn: ({ pageParam, signal }) =>
      fetchReservationPage(kind, userId, { all, offset: pageParam, limit: RESERVATION_PAGE_SIZE, signal }),
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
export function reservationTimelineOptions(userId: number, deviceType: string, window: { from: Date; to: Date }) {
  return queryOptions({
    queryKey: reservationKeys.timeline(userId, deviceType, window.from.getTime(), window.to.getTime()),
    queryFn: async ({ signal }) =>
      reservationTimelineSchema.parse(
        await api.get<unknown>(`/api/reservationTimeline/${userId}`, {
          query: { deviceType, from: window.from.toISOString(), to: window.to.toISOString() },
          signal,
        }),
      ),
  });
}

export const nodesToReserveOptions = queryOptions({
  queryKey: ['nodesToReserve'],
  queryFn: async ({ signal }) => nodesToReserveSchema.parse(await api.get<unknown>('/api/getNodesToReserve', { signal })),
});

/** The maintenance windows over the timeline's days, drawn as blocked time. */
export const maintenanceOptions = (window: { from: Date; to: Date }) =>
  queryOptions({
    queryKey: ['maintenanceWindows', window.from.toISOString(), window.to.toISOString()],
    queryFn: async ({ signal }) =>
      maintenanceWindowListSchema.parse(
        await api.get<unknown>('/api/maintenanceWindows', { query: { from: window.from.toISOString(), to: window.to.toISOString() }, signal }),
      ),
  });

/** The devices' properties, for the booking screen's filter. */
export const deviceCatalogueOptions = queryOptions({
  queryKey: ['deviceCatalogue'],
  queryFn: async ({ signal }) => deviceCatalogueSchema.parse(await api.get<unknown>('/api/deviceCatalogue', { signal })),
});

export const reservationTypesOptions = queryOptions({
  queryKey: ['reservationTypes'],
  queryFn: async ({ signal }) => z.array(reservationTypeSchema).parse(await api.get<unknown>('/api/reservationTypes', { signal })),
  staleTime: Infinity,
});

export function validUsersOptions(name: string) {
  return queryOptions({
    queryKey: ['validUsers', name],
    queryFn: async ({ signal }) =>
      validUserListSchema.parse(await api.get<unknown>('/api/validUsers', { query: { name, limit: VALID_USERS_MAX }, signal })),
    staleTime: 60_000,
  });
}

/** The signed-in user as the server knows them now: a key added since sign-in counts. */
export const meOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async ({ signal }) => meReplySchema.parse(await api.get<unknown>('/api/auth/me', { signal })),
  staleTime: 0,
});

/** The messages of a refused booking or deletion: value1 of the tuple reply, else the error's message. */
export function refusalMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    const body = error.body as { value1?: unknown } | undefined;
    if (body && Array.isArray(body.value1) && body.value1.every((item) => typeof item === 'string')) {
      return body.value1.length > 0 ? (body.value1 as string[]) : [error.message];
    }
    const fields = Object.entries(error.fieldErrors).flatMap(([field, list]) => list.map((text) => `${field}: ${text}`));
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
    reply = reserveNodesReplySchema.parse(await api.post<unknown>('/api/reserveNodes', request));
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all }),
  });
}

export async function deleteReservation(reservationId: number): Promise<string[]> {
  let reply;
  try {
    reply = deleteReservationReplySchema.parse(await api.delete<unknown>(`/api/deleteReservation/${reservationId}`));
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
      queryClient.setQueriesData<InfiniteData<Reservation[], unknown>>({ queryKey: reservationKeys.lists() }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => page.filter((reservation) => reservation.reservationId !== reservationId)) }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: reservationKeys.all });
    },
  });
}

export function useMe(enabled = true) {
  return useQuery({ ...meOptions, enabled });
}

/** The earliest windows where `count` devices of the type are free for the duration (GET /api/freeSlots). */
export async function fetchFreeSlots(query: { deviceType: string; count: number; durationMinutes: number; mode: 'Exclusive' | 'Shared' }): Promise<FreeSlotsReply> {
  try {
    return freeSlotsReplySchema.parse(await api.get<unknown>('/api/freeSlots', { query }));
  } catch (error) {
    throw new RefusedError(refusalMessages(error));
  }
}

/** The usage limits that bind the user, per device type. */
export function myUsageLimitsOptions(userId: number) {
  return queryOptions({
    queryKey: ['usagePolicies', 'mine', userId],
    queryFn: async ({ signal }) => myUsageLimitsSchema.parse(await api.get<unknown>('/api/usagePolicies/mine', { query: { userId }, signal })),
    staleTime: 60_000,
  });
}

/** Moves the end of a reservation (extend or shorten) or releases it now; the lists are read again after. */
export function useChangeReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { reservationId: number; endDate?: Date }) => {
      try {
        const reply =
          change.endDate === undefined
            ? await api.post<unknown>(`/api/reservations/${change.reservationId}/release`, {})
            : await api.post<unknown>(`/api/reservations/${change.reservationId}/end`, { endDate: change.endDate.toISOString() });
        return reservationSchema.parse(reply);
      } catch (error) {
        throw new RefusedError(refusalMessages(error));
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationKeys.all }),
  });
}
