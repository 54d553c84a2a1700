// failingMails (administrators): the mails the sender could not deliver yet, the Home's last count, each with
// its last error and the time of its next attempt; "Retry now" makes one due at once (kept in the audit log).
import { Button, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { homeMessages } from '@testbed/contract';
import { ErrorAlert } from '../../../shared/components/error-alert';
import { QueryPlaceholder } from '../../../shared/components/query-placeholder';
import { ScrollTable } from '../../../shared/components/scroll-table';
import { fill } from '../../../shared/fill';
import { notifySuccess } from '../../../shared/notify';
import { formatDateTime } from '../../../shared/time';
import { useFailingMails, useRetryMail } from '../api/home-api';

export function FailingMailsPage() {
  useDocumentTitle(`${homeMessages.FAILING_MAILS} | Testbed Portal`);
  const mails = useFailingMails();
  const retry = useRetryMail();

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <Title order={1}>{homeMessages.FAILING_MAILS}</Title>
        <Text size="sm">{homeMessages.FAILING_MAILS_INTRO}</Text>
        {retry.error && <ErrorAlert>{retry.error.message}</ErrorAlert>}
        {!mails.data ? (
          <QueryPlaceholder failure={mails.error?.message} />
        ) : mails.data.mails.length === 0 ? (
          <Text size="sm">{homeMessages.NO_FAILING_MAIL}</Text>
        ) : (
          <>
            {mails.data.total > mails.data.mails.length && (
              <Text size="sm">{fill(homeMessages.FAILING_MAILS_SHOWN, { shown: mails.data.mails.length, total: mails.data.total })}</Text>
            )}
            <ScrollTable
              label={homeMessages.FAILING_MAILS}
              verticalSpacing="xs"
              miw={900}
              headers={[homeMessages.MAIL_RECIPIENT, homeMessages.MAIL_SUBJECT, homeMessages.MAIL_ATTEMPTS, homeMessages.MAIL_LAST_ERROR, homeMessages.MAIL_NEXT_ATTEMPT, homeMessages.ACTIONS]}
            >
              {mails.data.mails.map((mail) => (
                <Table.Tr key={mail.id} data-mail={mail.id}>
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td>{mail.subject}</Table.Td>
                  <Table.Td>{mail.attempts}</Table.Td>
                  <Table.Td maw={360} style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" c="red.9">
                      {mail.lastError}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(mail.nextAttemptAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      // The default look keeps its contrast under the pointer too (the light one's hover does not).
                      variant="default"
                      loading={retry.isPending && retry.variables === mail.id}
                      aria-label={fill(homeMessages.RETRY_MAIL, { to: mail.to })}
                      onClick={() => retry.mutate(mail.id, { onSuccess: () => notifySuccess(fill(homeMessages.RETRY_ASKED, { to: mail.to })) })}
                    >
                      {homeMessages.RETRY_NOW}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          </>
        )}
      </Stack>
    </Container>
  );
}

export { FailingMailsPage as Component };
