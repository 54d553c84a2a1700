// What waits for the administrators: each count above zero with the page that acts on it.
import { Button, Group, Stack, Text } from '@mantine/core';
import { homeMessages, type AdminSummary } from '@testbed/contract';
import { Link } from 'react-router';
import { fill } from '../../../shared/fill';
import { paths } from '../../../shared/paths';

/** The administrators' counts; only those above zero show, each with its page. */
export function WaitingPanel({ summary }: { summary: AdminSummary }) {
  const lines: Array<{ count: number; text: string; to: string }> = [
    { count: summary.accountsToApprove, text: homeMessages.ACCOUNTS_TO_APPROVE, to: paths.users.href() },
    { count: summary.revalidationsPending, text: homeMessages.REVALIDATIONS_PENDING, to: paths.displayValidationPendingAccounts.href() },
    { count: summary.devicesQuarantined, text: homeMessages.DEVICES_QUARANTINED, to: paths.deviceHealth.href() },
    { count: summary.devicesFailing, text: homeMessages.DEVICES_FAILING, to: paths.deviceHealth.href() },
    { count: summary.devicesDown, text: homeMessages.DEVICES_DOWN, to: paths.deviceHealth.href() },
    { count: summary.maintenanceComing, text: homeMessages.MAINTENANCE_COMING, to: paths.maintenance.href() },
    { count: summary.mailsFailing, text: homeMessages.MAILS_FAILING, to: paths.failingMails.href() },
  ].filter((line) => line.count > 0);
  if (lines.length === 0) return <Text size="sm">{homeMessages.NOTHING_WAITS}</Text>;
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Group key={line.text} justify="space-between" wrap="nowrap" data-testid="waiting-line">
          <Text size="sm">{fill(line.text, { count: line.count })}</Text>
          <Button component={Link} to={line.to} size="compact-sm" variant="light">
            {homeMessages.OPEN}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
