// Calls of the usage policies screen: the policies, saving one, and what a form needs to offer (the device
// types and the groups).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsagePolicyForm } from '@testbed/contract';
import { groupsEndpoints as groups } from '@testbed/contract/endpoints/groups';
import { reservationsEndpoints as reservations } from '@testbed/contract/endpoints/reservations';
import { usagePoliciesEndpoints as usagePolicies } from '@testbed/contract/endpoints/usage-policies';
import { call } from '../../../shared/api-client';
import { endpointQuery, keyOf } from '../../../shared/endpoint-query';

export const usagePoliciesOptions = endpointQuery(usagePolicies.list);

export const deviceTypesOptions = queryOptions({
  ...endpointQuery(reservations.nodesToReserve),
  select: (nodes) => Object.keys(nodes).sort(),
  staleTime: 60_000,
});

export const groupsOptions = queryOptions({ ...endpointQuery(groups.listGroups), staleTime: 60_000 });

export function useSaveUsagePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: UsagePolicyForm) => call(usagePolicies.save, { body: form }),
    onSuccess: (policies) => queryClient.setQueryData(keyOf(usagePolicies.list), policies),
  });
}
