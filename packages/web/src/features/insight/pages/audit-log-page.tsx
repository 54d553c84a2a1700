// auditLog (administrators): who did what and when — sign-ins and their failures, administrators' actions,
// bookings, releases, flashes — filtered by user, action, device and time, newest first, paged by keyset
// (Older / Newest), exported as CSV with the same filters. The filters live in the address, to be shared.
import { Autocomplete, Badge, Button, Code, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTION_CHOICES, auditLogQuerySchema, messages } from '@testbed/contract';
import { auditEndpoints } from '@testbed/contract/endpoints/audit';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { formatDateTime, fromInputDateTime, toInputDateTime } from '../../../shared/time';
import { downloadFile } from '../../../shared/download';
import { notifyFailure } from '../../../shared/notify';
import { auditLogOptions, type AuditFilters } from '../api/insight-api';

const FILTER_KEYS = ['userId', 'action', 'device', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  const parsed = auditLogQuerySchema.safeParse(raw);
  if (!parsed.success) return {};
  const { userId, action, device, from, to } = parsed.data;
  return { userId, action, device, from, to };
}

interface Draft {
  userId: string | number;
  action: string;
  device: string;
  from: string;
  to: string;
}

const draftOf = (filters: AuditFilters): Draft => ({
  userId: filters.userId ?? '',
  action: filters.action ?? '',
  device: filters.device ?? '',
  from: toInputDateTime(filters.from ?? null),
  to: toInputDateTime(filters.to ?? null),
});

export function AuditLogPage() {
  useDocumentTitle(`${messages.AUDIT_LOG} | Testbed Portal`);
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const before = Number(params.get('before')) || undefined;
  const page = useQuery(auditLogOptions(filters, before));
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const go = (next: AuditFilters, nextBefore?: number) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key] !== undefined && next[key] !== '') search.set(key, String(next[key]));
    if (nextBefore) search.set('before', String(nextBefore));
    setParams(search);
  };

  // Read like the maintenance form's dates, but both are optional here and the rules that follow differ.
  const onApply = (event: FormEvent) => {
    event.preventDefault();
    const from = fromInputDateTime(draft.from);
    const to = fromInputDateTime(draft.to);
    const found: Record<string, string> = {};
    if (from === 'invalid') found.from = messages.INVALID_DATE;
    if (to === 'invalid') found.to = messages.INVALID_DATE;
    const parsed = auditLogQuerySchema.safeParse({
      // The query's rule reads text, as it arrives in a URL.
      userId: draft.userId === '' ? undefined : String(draft.userId),
      action: draft.action || undefined,
      device: draft.device || undefined,
      from: from && from !== 'invalid' ? from : undefined,
      to: to && to !== 'invalid' ? to : undefined,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const { userId, action, device, from: f, to: tt } = parsed.data;
    go({ userId, action, device, from: f, to: tt });
  };

  const onClear = () => {
    setDraft(draftOf({}));
    setErrors({});
    go({});
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.AUDIT_LOG}</Title>
      <form onSubmit={onApply} noValidate aria-label={messages.AUDIT_LOG}>
        <Group align="flex-start" wrap="wrap">
          <NumberInput label={messages.AUDIT_FILTER_USER} value={draft.userId} onChange={(userId) => setDraft({ ...draft, userId })} min={1} allowDecimal={false} error={errors.userId} w="9rem" />
          <Autocomplete
            label={messages.AUDIT_FILTER_ACTION}
            description={messages.AUDIT_FILTER_ACTION_HINT}
            data={[...AUDIT_ACTION_CHOICES]}
            value={draft.action}
            onChange={(action) => setDraft({ ...draft, action })}
            error={errors.action}
            w="16rem"
          />
          <TextInput label={messages.AUDIT_FILTER_DEVICE} value={draft.device} onChange={(event) => setDraft({ ...draft, device: event.currentTarget.value })} error={errors.device} w="14rem" />
          <TextInput label={messages.DATE_FROM} placeholder="yyyy-MM-dd HH:mm" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} error={errors.from} w="11rem" />
          <TextInput label={messages.DATE_TO} placeholder="yyyy-MM-dd HH:mm" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })} error={errors.to} w="11rem" />
        </Group>
        <Group mt="sm">
          <Button type="submit">{messages.APPLY}</Button>
          <Button variant="default" onClick={onClear}>
            {messages.CLEAR_FILTERS}
          </Button>
          <Button variant="default" onClick={() => downloadFile(auditEndpoints.csv, { query: { ...filters } }, 'audit-log.csv').catch((error: Error) => notifyFailure(error.message))}>
            {messages.EXPORT_CSV}
          </Button>
        </Group>
      </form>
      {/* The states of a loaded list, as in the device catalogue; only the sentence and the table are the page's own. */}
      {page.isError || !page.data ? (
        <QueryPlaceholder failure={page.error?.message} />
      ) : page.data.entries.length === 0 ? (
        <Text>{messages.AUDIT_EMPTY}</Text>
      ) : (
        <>
          <ScrollTable
            label={messages.AUDIT_LOG}
            verticalSpacing="xs"
            miw={960}
            headers={[messages.AUDIT_AT, messages.AUDIT_ACTOR, messages.AUDIT_ACTION, messages.AUDIT_TARGET, messages.AUDIT_DEVICES, messages.AUDIT_ADDRESS, messages.AUDIT_DETAILS]}
          >
            {page.data.entries.map((entry) => (
              <Table.Tr key={entry.id} data-action={entry.action}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>{entry.actor ? `${entry.actor.username} (${entry.actor.userId})` : <Text span c="dimmed" size="sm">{messages.AUDIT_SYSTEM}</Text>}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={/fail|refused/.test(entry.action) ? 'red.9' : 'gray.8'} styles={{ root: { textTransform: 'none' } }}>
                    {entry.action}
                  </Badge>
                </Table.Td>
                <Table.Td>{entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : ''}</Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {entry.devices.join(' ')}
                </Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {entry.ip ?? ''}
                </Table.Td>
                <Table.Td maw={360}>
                  {Object.keys(entry.details).length > 0 && (
                    <Code fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {JSON.stringify(entry.details)}
                    </Code>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ScrollTable>
          <Group>
            <Button variant="default" disabled={!before} onClick={() => go(filters)}>
              {messages.NEWEST}
            </Button>
            <Button variant="default" disabled={page.data.nextBefore === null} onClick={() => go(filters, page.data.nextBefore ?? undefined)}>
              {messages.OLDER}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

export { AuditLogPage as Component };
