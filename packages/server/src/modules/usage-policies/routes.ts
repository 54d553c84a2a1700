// The usage policies handlers; paths, schemas, documentation and access are the endpoint table's.
import { usagePoliciesEndpoints } from '@testbed/contract/endpoints/usage-policies';
import { endpointRoutes } from '../../endpoint-routes.js';
import type { UsagePolicyService } from './service.js';

export const usagePolicyRoutes = endpointRoutes(usagePoliciesEndpoints, ({ policies }: { policies: UsagePolicyService }) => ({
  list: (request) => policies.list(request.principal),
  save: (request) => policies.save(request.principal, request.body, request.ip),
  mine: (request) => policies.mine(request.principal, request.query.userId),
}));
