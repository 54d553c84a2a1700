// Calls of the administrators' statistics and audit log pages.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogPageSchema, statisticsSchema, type AuditLogQuery, type StatisticsQuery } from '@testbed/contract';
import { api } from '../../../shared/api-client';

export type AuditFilters = Partial<Pick<AuditLogQuery, 'userId' | 'action' | 'device' | 'from' | 'to'>>;

export const statisticsOptions = (query: StatisticsQuery) =>
  queryOptions({
    queryKey: ['statistics', query],
    queryFn: async ({ signal }) => statisticsSchema.parse(await api.get<unknown>('/api/statistics', { query, signal })),
    placeholderData: keepPreviousData,
  });

export const auditLogOptions = (filters: AuditFilters, before: number | undefined) =>
  queryOptions({
    queryKey: ['audit-log', filters, before ?? null],
    queryFn: async ({ signal }) =>
      auditLogPageSchema.parse(await api.get<unknown>('/api/auditLog', { query: { ...filters, before, limit: 50 }, signal })),
    placeholderData: keepPreviousData,
  });
