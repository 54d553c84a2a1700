// The reference lists handlers; paths, schemas, documentation and access are the endpoint table's.
import { referenceListsEndpoints } from '@testbed/contract/endpoints/reference-lists';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { ReferenceListsService } from './service.js';

export const referenceListRoutes = endpointRoutes(referenceListsEndpoints, ({ referenceLists }: { referenceLists: ReferenceListsService }) => ({
  employerTypes: () => referenceLists.employerTypes(),
  professionalStatuses: () => referenceLists.professionalStatuses(),
}));
