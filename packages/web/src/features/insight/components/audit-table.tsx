// One page of the audit log: when, who, what, on what, which devices, from which address and the details.
import { Badge, Code, Table, Text } from '@mantine/core';
import { messages, type AuditEntry } from '@testbed/contract';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { formatDateTime } from '../../../shared/time';

const HEADERS = [messages.AUDIT_AT, messages.AUDIT_ACTOR, messages.AUDIT_ACTION, messages.AUDIT_TARGET, messages.AUDIT_DEVICES, messages.AUDIT_ADDRESS, messages.AUDIT_DETAILS];

export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <ScrollTable label={messages.AUDIT_LOG} verticalSpacing="xs" miw={960} headers={HEADERS}>
      {entries.map((entry) => (
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
  );
}
