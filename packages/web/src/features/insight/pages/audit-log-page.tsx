// auditLog (administrators): who did what and when — sign-ins and their failures, administrators' actions,
// bookings, releases, flashes — filtered by user, action, device and time, newest first, paged by keyset
// (Older / Newest), exported as CSV with the same filters. The filters live in the address, to be shared.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@testbed/contract';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { AuditFiltersForm } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { useAuditLog } from '../components/use-audit-log';

export function AuditLogPage() {
  useDocumentTitle(`${messages.AUDIT_LOG} | Testbed Portal`);
  const { filters, before, page, go } = useAuditLog();

  return (
    <Stack gap="lg">
      <Title order={1}>{messages.AUDIT_LOG}</Title>
      <AuditFiltersForm filters={filters} onApply={go} />
      {/* The states of a loaded list, as in the device catalogue; only the sentence and the table are the page's own. */}
      {page.isError || !page.data ? (
        <QueryPlaceholder failure={page.error?.message} />
      ) : page.data.entries.length === 0 ? (
        <Text>{messages.AUDIT_EMPTY}</Text>
      ) : (
        <>
          <AuditTable entries={page.data.entries} />
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
