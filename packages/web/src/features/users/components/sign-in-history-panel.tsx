// A user's recent sign-ins and failed attempts, to notice someone else's.
import { Stack, Table, Text } from '@mantine/core';
import { messages } from '@testbed/contract';
import { HeaderRow } from '../../../shared/components/header-row';
import { formatDateTime } from '../../../shared/time';
import { useSignInHistory } from '../api/account-insight-api';
import { PanelTitle } from './panel-title';

export function SignInHistoryPanel() {
  const history = useSignInHistory(true);
  return (
    <Stack gap="sm">
      <PanelTitle>{messages.SIGN_IN_HISTORY}</PanelTitle>
      <Text size="sm">{messages.SIGN_IN_HISTORY_INTRO}</Text>
      {history.data && history.data.events.length === 0 && <Text size="sm">{messages.NO_SIGN_INS}</Text>}
      {history.data && history.data.events.length > 0 && (
        <Table withTableBorder striped aria-label={messages.SIGN_IN_HISTORY}>
          <HeaderRow headers={[messages.AUDIT_AT, messages.AUDIT_ADDRESS, messages.SIGN_IN_OUTCOME]} />
          <Table.Tbody>
            {history.data.events.map((event, index) => (
              <Table.Tr key={`${event.at}-${index}`} data-outcome={event.outcome}>
                <Table.Td>{formatDateTime(event.at)}</Table.Td>
                <Table.Td ff="monospace">{event.ip ?? ''}</Table.Td>
                <Table.Td c={event.outcome === 'success' ? undefined : 'red.9'} fw={event.outcome === 'success' ? undefined : 700}>
                  {messages[`SIGN_IN_${event.outcome}`]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
