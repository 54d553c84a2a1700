// Every user's SSH keys (administrators): the key shortened with its fingerprint, the owner's first name,
// last name and username, and a delete button behind a confirmation (accounts document, section 2).
import { Anchor, Button, Code, Group, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages, messages, shortenSshKey, type Credential } from '@testbed/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { useCredentials } from '../api/credentials';
import { useDeleteCredentialFlow } from '../components/delete-credential';
import { reportFailure } from '../../../shared/report-failure';

/** The spec's progress bar: maximum 100, shown at 80 while loading. */
const LOADING_VALUE = 80;

export function CredentialsPage() {
  useDocumentTitle(`${messages.CREDENTIALS} | Testbed Portal`);
  const me = useSession().user;
  const credentials = useCredentials();
  const remove = useDeleteCredentialFlow();

  // The spec's list reads fall back to an empty list and are only logged.
  useEffect(() => {
    if (credentials.error) reportFailure('Loading the credentials failed', credentials.error);
  }, [credentials.error]);
  const rows: Credential[] = credentials.data ?? [];
  const ownKeys = rows.filter((credential) => credential.user.userId === me?.userId).length;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {messages.CREDENTIALS}
        </Title>
        <Button component={Link} to={paths.credentialNew.href()}>
          {credentialMessages.ADD_SSH_KEY}
        </Button>
      </Group>
      {credentials.isPending && (
        <Progress value={LOADING_VALUE} animated striped aria-label={messages.LOADING} />
      )}
      {!credentials.isPending && rows.length === 0 && <Text>{credentialMessages.NO_CREDENTIAL}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={680}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{credentialMessages.SSH_KEY}</Table.Th>
                <Table.Th>{credentialMessages.FIRST_NAME}</Table.Th>
                <Table.Th>{credentialMessages.LAST_NAME}</Table.Th>
                <Table.Th>{credentialMessages.USERNAME}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{credentialMessages.ACTIONS}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((credential) => (
                <Table.Tr key={credential.credentialId} data-testid="credential-row">
                  <Table.Td maw={360}>
                    <Anchor
                      component={Link}
                      to={paths.credential.href(credential.credentialId)}
                      style={{ wordBreak: 'break-all' }}
                    >
                      <Code>{shortenSshKey(credential.sshKey)}</Code>
                    </Anchor>
                    <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
                      {credential.fingerprint}
                    </Text>
                  </Table.Td>
                  <Table.Td>{credential.user.firstname}</Table.Td>
                  <Table.Td>{credential.user.lastname}</Table.Td>
                  <Table.Td>{credential.user.username}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`${credentialMessages.DELETE} ${credentialMessages.SSH_KEY} ${credential.fingerprint} (${credential.user.username})`}
                      loading={remove.pendingId === credential.credentialId}
                      onClick={() =>
                        void remove.start(credential, { lastKey: credential.user.userId === me?.userId && ownKeys === 1 })
                      }
                    >
                      {credentialMessages.DELETE}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.dialog}
    </Stack>
  );
}

export { CredentialsPage as Component };
