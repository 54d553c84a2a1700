// The intended usages calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { intendedUsageListSchema, intendedUsageSchema, type IntendedUsage, type IntendedUsageForm } from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const intendedUsageKeys = {
  all: ['intendedUsages'] as const,
  list: () => [...intendedUsageKeys.all, 'list'] as const,
  user: (userId: number) => ['users', 'detail', userId] as const,
};

export const getIntendedUsages = async (signal?: AbortSignal): Promise<IntendedUsage[]> =>
  intendedUsageListSchema.parse(await api.get<unknown>('/api/intendedUsages', { signal }));
export const addIntendedUsage = async ({ userId, form }: { userId: number; form: IntendedUsageForm }) =>
  intendedUsageSchema.parse(await api.post<unknown>(`/api/intendedUsage/user/${userId}`, form));
export const deleteIntendedUsage = async (id: number) => {
  await api.delete<unknown>(`/api/intendedUsage/${id}`);
};

export const intendedUsagesQuery = () =>
  queryOptions({ queryKey: intendedUsageKeys.list(), queryFn: ({ signal }) => getIntendedUsages(signal) });

export const useIntendedUsages = () => useQuery(intendedUsagesQuery());

export function useAddIntendedUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addIntendedUsage,
    onSuccess: (_reply, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: intendedUsageKeys.all }),
        queryClient.invalidateQueries({ queryKey: intendedUsageKeys.user(userId) }),
      ]),
  });
}

export function useDeleteIntendedUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntendedUsage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intendedUsageKeys.all }),
  });
}
