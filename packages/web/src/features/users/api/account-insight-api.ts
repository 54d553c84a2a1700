// The profile's own-account insight: recent sign-ins, reminder settings and the private calendar feed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReminderSettings } from '@testbed/contract';
import { auditEndpoints as audit } from '@testbed/contract/endpoints/audit';
import { calendarEndpoints as calendar } from '@testbed/contract/endpoints/calendar';
import { remindersEndpoints as reminders } from '@testbed/contract/endpoints/reminders';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf, useChange } from '../../../shared/endpoint-query';

export const useSignInHistory = (enabled: boolean) => useQuery({ ...endpointQuery(audit.signInHistory, { query: { limit: 10 } }), enabled });

export const useReminderSettings = (enabled: boolean) => useQuery({ ...endpointQuery(reminders.read), enabled });

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) => call(reminders.save, { body: settings }),
    onSuccess: (saved) => client.setQueryData(keyOf(reminders.read), saved),
  });
}

export const useCalendarFeed = (enabled: boolean) => useQuery({ ...endpointQuery(calendar.feedStatus), enabled });

export const useCreateCalendarFeed = () => useChange(() => call(calendar.regenerateFeed), () => [calendar.feedStatus]);

export function useStopCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendar.removeFeed),
    onSuccess: (status) => client.setQueryData(keyOf(calendar.feedStatus), status),
  });
}
