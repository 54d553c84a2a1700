// The reference lists calls: a hook per list, each calling its endpoint of the contract's table.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceListsEndpoints as referenceLists } from '@testbed/contract/endpoints/reference-lists';
import { endpointQuery } from '../../../shared/endpoint-query';

// The lists change only with a new release of the portal.
export const useEmployerTypes = () => useQuery(queryOptions({ ...endpointQuery(referenceLists.employerTypes), staleTime: Infinity }));
export const useProfessionalStatuses = () =>
  useQuery(queryOptions({ ...endpointQuery(referenceLists.professionalStatuses), staleTime: Infinity }));
