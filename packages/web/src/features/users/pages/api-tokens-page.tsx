// The administrators' list of every personal API token still in force or ended within 30 days, with its
// owner; any of them can be revoked here.
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { apiTokenMessages as m, type ApiToken } from '@testbed/contract';
import { notifySuccess } from '../../../shared/notify';
import { useAllApiTokens, useRevokeApiToken } from '../api/api-tokens-api';
import { ApiTokenTable, useRevokeConfirmation } from '../components/api-token-table';

export function ApiTokensPage() {
  useDocumentTitle(`${m.TITLE} | Testbed Portal`);
  const tokens = useAllApiTokens();
  const revoke = useRevokeApiToken();
  const { confirmRevoke, dialog } = useRevokeConfirmation();
  const onRevoke = async (token: ApiToken) => {
    if (await confirmRevoke(token)) revoke.mutate(token.tokenId, { onSuccess: () => notifySuccess(m.REVOKED) });
  };
  return (
    <Stack>
      <Title order={1}>{m.TITLE}</Title>
      {tokens.isPending && <Loader size="sm" aria-label={m.TITLE} />}
      {tokens.error && (
        <Alert color="red" variant="light">
          {m.LOAD_FAILED}
        </Alert>
      )}
      {revoke.error && (
        <Alert color="red" variant="light">
          {revoke.error.message}
        </Alert>
      )}
      {tokens.data?.length === 0 && <Text size="sm">{m.NONE_ADMIN}</Text>}
      {tokens.data && tokens.data.length > 0 && (
        <ApiTokenTable tokens={tokens.data} showOwner onRevoke={(token) => void onRevoke(token)} revoking={revoke.isPending ? revoke.variables : undefined} />
      )}
      {dialog}
    </Stack>
  );
}

export { ApiTokensPage as Component };
