// The audit log's filters and page as the address holds them, so that a filtered view can be shared: the
// filters read with the contract's query rule, the page read by keyset (`before`).
import { useQuery } from '@tanstack/react-query';
import { auditLogQuerySchema } from '@testbed/contract';
import { useSearchParams } from 'react-router';
import { auditLogOptions, type AuditFilters } from '../api/insight-api';

const FILTER_KEYS = ['userId', 'action', 'device', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  const parsed = auditLogQuerySchema.safeParse(raw);
  if (!parsed.success) return {};
  const { userId, action, device, from, to } = parsed.data;
  return { userId, action, device, from, to };
}

export function useAuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const before = Number(params.get('before')) || undefined;
  const page = useQuery(auditLogOptions(filters, before));

  /** Shows the page of `next` filters older than `nextBefore` (the newest without it). */
  const go = (next: AuditFilters, nextBefore?: number) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key] !== undefined && next[key] !== '') search.set(key, String(next[key]));
    if (nextBefore) search.set('before', String(nextBefore));
    setParams(search);
  };
  return { filters, before, page, go };
}
