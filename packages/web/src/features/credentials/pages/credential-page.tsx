// One SSH key (administrators): its type, fingerprint, full line, owner and date, with a delete button.
import { Anchor, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages } from '@testbed/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { MessagePage } from '../../../shared/components/message-page';
import { paths } from '../../../shared/paths';
import { useCredential } from '../api/credentials';
import { useDeleteCredentialFlow } from '../components/delete-credential';
import { TitledPage } from '../../../shared/components/titled-page';
import { formatDateTime } from '../../../shared/time';

export function CredentialPage() {
  useDocumentTitle(`${credentialMessages.CREDENTIAL_DETAILS} | Testbed Portal`);
  const { id } = useParams();
  const credentialId = Number(id);
  const validId = Number.isInteger(credentialId) && credentialId > 0;
  const credential = useCredential(validId ? credentialId : 0);
  const remove = useDeleteCredentialFlow();
  const navigate = useNavigate();

  if (!validId || (credential.error instanceof ApiError && credential.error.status === 404)) {
    return (
      <MessagePage
        title={credentialMessages.NOT_FOUND}
        actions={
          <Button component={Link} to={paths.credentials.href()} w="fit-content">
            {credentialMessages.BACK_TO_CREDENTIALS}
          </Button>
        }
      />
    );
  }

  const data = credential.data;
  return (
    <TitledPage title={credentialMessages.CREDENTIAL_DETAILS} maw={860} loading={credential.isPending}>
      {credential.isError && <Text c="red.9">{credential.error.message}</Text>}
      {data && (
        <Paper withBorder shadow="xs" radius="md" p="lg">
          <Stack gap="md">
            <Table variant="vertical" layout="fixed" withTableBorder={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>{credentialMessages.KEY_TYPE}</Table.Th>
                  <Table.Td>{data.keyType}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{credentialMessages.FINGERPRINT}</Table.Th>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Code data-testid="credential-fingerprint">{data.fingerprint}</Code>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{credentialMessages.OWNER}</Table.Th>
                  <Table.Td>
                    <Anchor component={Link} to={paths.user.href(data.user.userId)}>
                      {data.user.firstname} {data.user.lastname} ({data.user.username})
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{credentialMessages.ADDED_ON}</Table.Th>
                  <Table.Td>{formatDateTime(data.createdAt)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <div>
              <Text fw={700} size="sm" mb={4}>
                {credentialMessages.SSH_KEY}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="credential-line">
                {data.sshKey}
              </Code>
            </div>
            <Group justify="space-between">
              <Button variant="default" component={Link} to={paths.credentials.href()}>
                {credentialMessages.BACK_TO_CREDENTIALS}
              </Button>
              <Button
                color="red.9"
                loading={remove.isPending}
                onClick={() => void remove.start(data, { onDeleted: () => void navigate(paths.credentials.href()) })}
              >
                {credentialMessages.DELETE}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {remove.dialog}
    </TitledPage>
  );
}

export { CredentialPage as Component };
