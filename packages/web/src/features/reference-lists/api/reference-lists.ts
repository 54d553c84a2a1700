// The reference lists calls: a fetcher per call, its query options, and a hook per use.
import { queryOptions, useQuery } from '@tanstack/react-query';
// Alike in every feature's api by design: its own contract types and schemas, its query keys, one typed fetcher per endpoint.
import {
  employerTypeListSchema,
  professionalStatusListSchema,
  type EmployerType,
  type ProfessionalStatus,
} from '@testbed/contract';
import { api } from '../../../shared/api-client';

export const referenceListKeys = {
  employerTypes: ['referenceLists', 'employerTypes'] as const,
  professionalStatuses: ['referenceLists', 'professionalStatuses'] as const,
};

export async function getEmployerTypes(signal?: AbortSignal): Promise<EmployerType[]> {
  return employerTypeListSchema.parse(await api.get<unknown>('/api/employerTypes', { signal }));
}

export async function getProfessionalStatuses(signal?: AbortSignal): Promise<ProfessionalStatus[]> {
  return professionalStatusListSchema.parse(await api.get<unknown>('/api/professionalStatusList', { signal }));
}

// The lists change only with a new release of the portal.
export const employerTypesQuery = () =>
  queryOptions({ queryKey: referenceListKeys.employerTypes, queryFn: ({ signal }) => getEmployerTypes(signal), staleTime: Infinity });
export const professionalStatusesQuery = () =>
  queryOptions({
    queryKey: referenceListKeys.professionalStatuses,
    queryFn: ({ signal }) => getProfessionalStatuses(signal),
    staleTime: Infinity,
  });

export const useEmployerTypes = () => useQuery(employerTypesQuery());
export const useProfessionalStatuses = () => useQuery(professionalStatusesQuery());
