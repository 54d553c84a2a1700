// Calls of the usage policies screen: the policies, saving one, and what a form needs to offer (the device
// types and the groups).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { groupSummaryListSchema, nodesToReserveSchema, usagePolicyListSchema, type UsagePolicyForm } from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const usagePoliciesOptions = queryOptions({
  queryKey: ['usagePolicies'],
  queryFn: async ({ signal }) => usagePolicyListSchema.parse(await api.get<unknown>('/api/usagePolicies', { signal })),
});

export const deviceTypesOptions = queryOptions({
  queryKey: ['usagePolicies', 'deviceTypes'],
  queryFn: async ({ signal }) => Object.keys(nodesToReserveSchema.parse(await api.get<unknown>('/api/getNodesToReserve', { signal }))).sort(),
  staleTime: 60_000,
});

export const groupsOptions = queryOptions({
  queryKey: ['usagePolicies', 'groups'],
  queryFn: async ({ signal }) => groupSummaryListSchema.parse(await api.get<unknown>('/api/groups', { signal })),
  staleTime: 60_000,
});

export function useSaveUsagePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: UsagePolicyForm) => usagePolicyListSchema.parse(await api.put<unknown>('/api/usagePolicies', form)),
    onSuccess: (policies) => queryClient.setQueryData(usagePoliciesOptions.queryKey, policies),
  });
}
