// The catalogue handlers; paths, schemas, documentation and access are the endpoint table's.
import { catalogueEndpoints } from '@testbed/contract/endpoints/catalogue';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { CatalogueService } from './service.js';

export const catalogueRoutes = endpointRoutes(catalogueEndpoints, ({ catalogue }: { catalogue: CatalogueService }) => ({
  catalogue: (request) => catalogue.catalogue(request.principal, request.query),
}));
