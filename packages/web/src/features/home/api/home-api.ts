// The home page's reads: the administrators' summary, and the person's own reservations and flash jobs
// (the same calls as the reservation and flash screens, read here with this page's own keys).
import { useQuery } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  adminSummarySchema,
  deviceCatalogueSchema,
  meReplySchema,
  flashHistorySchema,
  flashJobListSchema,
  reservationListSchema,
  type AdminSummary,
  type MeReply,
  type FlashHistory,
  type FlashJob,
  type Reservation,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const homeKeys = {
  adminSummary: ['home', 'admin-summary'] as const,
  reservations: (userId: number) => ['home', 'reservations', userId] as const,
  everBooked: (userId: number) => ['home', 'ever-booked', userId] as const,
  flashJobs: ['home', 'flash-jobs'] as const,
  flashHistory: ['home', 'flash-history'] as const,
  freeDevices: ['home', 'free-devices'] as const,
  me: ['home', 'me'] as const,
};

export async function getAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return adminSummarySchema.parse(await api.get<unknown>('/api/adminSummary', { signal }));
}

/** The reservations of the user that have not ended (the list's default), soonest first. */
export async function getOpenReservations(userId: number, signal?: AbortSignal): Promise<Reservation[]> {
  return reservationListSchema.parse(await api.get<unknown>(`/api/userReservations/${userId}`, { query: { limit: 50 }, signal }));
}

/** Whether the user ever booked: one reservation of the whole list is enough. */
export async function getEverBooked(userId: number, signal?: AbortSignal): Promise<boolean> {
  const rows = reservationListSchema.parse(await api.get<unknown>(`/api/userReservations/${userId}`, { query: { all: true, limit: 1 }, signal }));
  return rows.length > 0;
}

export async function getFlashJobs(signal?: AbortSignal): Promise<FlashJob[]> {
  return flashJobListSchema.parse(await api.get<unknown>('/api/flashJobs', { signal }));
}

export async function getFlashHistory(signal?: AbortSignal): Promise<FlashHistory> {
  return flashHistorySchema.parse(await api.get<unknown>('/api/flashJobs/history', { query: { limit: 20 }, signal }));
}

/** The devices free now (up, not booked, flashed, quarantined or in maintenance), counted by device type. */
export async function getFreeDevicesByType(signal?: AbortSignal): Promise<Array<{ deviceType: string; count: number }>> {
  const catalogue = deviceCatalogueSchema.parse(await api.get<unknown>('/api/deviceCatalogue', { query: { state: 'up' }, signal }));
  const counts = new Map<string, number>();
  for (const device of catalogue.devices) counts.set(device.deviceType, (counts.get(device.deviceType) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([deviceType, count]) => ({ deviceType, count }));
}

/** The signed-in person as the server knows them now: a key added since the sign-in counts. */
export async function getMe(signal?: AbortSignal): Promise<MeReply> {
  return meReplySchema.parse(await api.get<unknown>('/api/auth/me', { signal }));
}

export const useFreeDevices = () => useQuery({ queryKey: homeKeys.freeDevices, queryFn: ({ signal }) => getFreeDevicesByType(signal) });
export const useMe = () => useQuery({ queryKey: homeKeys.me, queryFn: ({ signal }) => getMe(signal) });
export const useAdminSummary = (enabled: boolean) =>
  useQuery({ queryKey: homeKeys.adminSummary, queryFn: ({ signal }) => getAdminSummary(signal), enabled });
export const useOpenReservations = (userId: number) =>
  useQuery({ queryKey: homeKeys.reservations(userId), queryFn: ({ signal }) => getOpenReservations(userId, signal) });
export const useEverBooked = (userId: number) =>
  useQuery({ queryKey: homeKeys.everBooked(userId), queryFn: ({ signal }) => getEverBooked(userId, signal) });
export const useFlashJobs = () => useQuery({ queryKey: homeKeys.flashJobs, queryFn: ({ signal }) => getFlashJobs(signal) });
export const useFlashHistory = () => useQuery({ queryKey: homeKeys.flashHistory, queryFn: ({ signal }) => getFlashHistory(signal) });
