// Calls of the device health page (administrators).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceHealthListSchema, deviceHealthSchema } from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const deviceHealthKey = ['device-health'] as const;

export const deviceHealthOptions = queryOptions({
  queryKey: deviceHealthKey,
  queryFn: async ({ signal }) => deviceHealthListSchema.parse(await api.get<unknown>('/api/deviceHealth', { signal })),
  refetchInterval: 30_000,
});

/** Puts a device in quarantine or releases it, with the administrator's note. */
export function useQuarantineChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ device, action, note }: { device: string; action: 'quarantine' | 'release'; note: string }) =>
      deviceHealthSchema.parse(await api.post<unknown>(`/api/deviceHealth/${encodeURIComponent(device)}/${action}`, { note })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deviceHealthKey }),
  });
}
