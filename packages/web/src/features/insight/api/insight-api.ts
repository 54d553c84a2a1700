// Calls of the administrators' statistics and audit log pages.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLogQuery, StatisticsQuery } from '@testbed/contract';
import { auditEndpoints as audit } from '@testbed/contract/endpoints/audit';
import { statisticsEndpoints as statistics } from '@testbed/contract/endpoints/statistics';
import { endpointQuery } from '../../../shared/endpoint-query';

export type AuditFilters = Partial<Pick<AuditLogQuery, 'userId' | 'action' | 'device' | 'from' | 'to'>>;

export const statisticsOptions = (query: StatisticsQuery) =>
  queryOptions({ ...endpointQuery(statistics.compute, { query }), placeholderData: keepPreviousData });

export const auditLogOptions = (filters: AuditFilters, before: number | undefined) =>
  queryOptions({ ...endpointQuery(audit.page, { query: { ...filters, before, limit: 50 } }), placeholderData: keepPreviousData });
