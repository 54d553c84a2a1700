// Every user's SSH keys (administrators): the key shortened with its fingerprint, the owner's first name,
// last name and username, and a delete button behind a confirmation.
import { Anchor, Code, Text } from '@mantine/core';
import { credentialMessages, shortenSshKey, type Credential, commonMessages } from '@testbed/contract';
import { Link } from 'react-router';
import { AdminListPage } from '../../../shared/components/admin-list-page';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { useCredentials } from '../api/credentials';
import { useDeleteCredentialFlow } from '../components/delete-credential';

export function CredentialsPage() {
  const me = useSession().user;
  const credentials = useCredentials();
  const remove = useDeleteCredentialFlow();
  const ownKeys = (credentials.data ?? []).filter((credential) => credential.user.userId === me?.userId).length;
  // The signed-in administrator's own last key gets the dialog's warning that the session will end.
  const startDelete = (credential: Credential) =>
    remove.start(credential, { lastKey: credential.user.userId === me?.userId && ownKeys === 1 });

  // Alike in shape with the other administrators' lists by design: AdminListPage holds the logic, each list gives its texts and columns.
  return (
    <AdminListPage
      title={commonMessages.CREDENTIALS}
      links={[{ label: credentialMessages.ADD_SSH_KEY, to: paths.credentialNew.href() }]}
      query={credentials}
      emptyText={credentialMessages.NO_CREDENTIAL}
      tableMinWidth={680}
      rowId={(credential: Credential) => credential.credentialId}
      rowTestId="credential-row"
      columns={[
        {
          header: credentialMessages.SSH_KEY,
          cellProps: { maw: 360 },
          cell: (credential) => (
            <>
              <Anchor component={Link} to={paths.credential.href(credential.credentialId)} style={{ wordBreak: 'break-all' }}>
                <Code>{shortenSshKey(credential.sshKey)}</Code>
              </Anchor>
              <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
                {credential.fingerprint}
              </Text>
            </>
          ),
        },
        { header: credentialMessages.FIRST_NAME, cell: (credential) => credential.user.firstname },
        { header: credentialMessages.LAST_NAME, cell: (credential) => credential.user.lastname },
        { header: credentialMessages.USERNAME, cell: (credential) => credential.user.username },
      ]}
      remove={{
        header: credentialMessages.ACTIONS,
        hideHeader: true,
        buttonText: credentialMessages.DELETE,
        accessibleName: (credential) =>
          `${credentialMessages.DELETE} ${credentialMessages.SSH_KEY} ${credential.fingerprint} (${credential.user.username})`,
        flow: { ...remove, start: startDelete },
      }}
    />
  );
}

export { CredentialsPage as Component };
