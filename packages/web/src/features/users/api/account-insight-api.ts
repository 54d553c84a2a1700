// The profile's own-account insight: recent sign-ins, reminder settings and the private calendar feed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  reminderSettingsSchema,
  signInHistorySchema,
  type ReminderSettings,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

const keys = { signIns: ['sign-in-history'] as const, reminders: ['reminder-settings'] as const, feed: ['calendar-feed'] as const };

export function useSignInHistory(enabled: boolean) {
  return useQuery({
    queryKey: keys.signIns,
    queryFn: async ({ signal }) => signInHistorySchema.parse(await api.get<unknown>('/api/signInHistory', { query: { limit: 10 }, signal })),
    enabled,
  });
}

// One query or mutation per endpoint: alike in shape, each with its own path, schema and cache update.
export function useReminderSettings(enabled: boolean) {
  return useQuery({
    queryKey: keys.reminders,
    queryFn: async ({ signal }) => reminderSettingsSchema.parse(await api.get<unknown>('/api/reminderSettings', { signal })),
    enabled,
  });
}

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReminderSettings) => reminderSettingsSchema.parse(await api.put<unknown>('/api/reminderSettings', settings)),
    onSuccess: (saved) => client.setQueryData(keys.reminders, saved),
  });
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: keys.feed,
    queryFn: async ({ signal }) => calendarFeedStatusSchema.parse(await api.get<unknown>('/api/calendarFeed', { signal })),
    enabled,
  });
}

export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => calendarFeedCreatedSchema.parse(await api.post<unknown>('/api/calendarFeed')),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.feed }),
  });
}

export function useStopCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => calendarFeedStatusSchema.parse(await api.delete<unknown>('/api/calendarFeed')),
    onSuccess: (status) => client.setQueryData(keys.feed, status),
  });
}
