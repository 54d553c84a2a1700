// A list of personal API tokens that can be revoked after a confirmation: its loading, failure and empty
// states, the table, and the notice once revoked. The user page and the administrators' list both show one.
import { Alert, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { apiTokenMessages as m, type ApiToken } from '@testbed/contract';
import { notifySuccess } from '../../../shared/notify';
import { useRevokeApiToken } from '../api/api-tokens-api';
import { ApiTokenTable, useRevokeConfirmation } from './api-token-table';

export function RevocableTokens({ tokens, emptyText, showOwner }: { tokens: UseQueryResult<ApiToken[]>; emptyText: string; showOwner?: boolean }) {
  const revoke = useRevokeApiToken();
  const { confirmRevoke, dialog } = useRevokeConfirmation();
  const onRevoke = async (token: ApiToken) => {
    if (await confirmRevoke(token)) revoke.mutate(token.tokenId, { onSuccess: () => notifySuccess(m.REVOKED) });
  };
  return (
    <>
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
      {tokens.data?.length === 0 && <Text size="sm">{emptyText}</Text>}
      {tokens.data && tokens.data.length > 0 && (
        <ApiTokenTable
          tokens={tokens.data}
          showOwner={showOwner}
          onRevoke={(token) => void onRevoke(token)}
          revoking={revoke.isPending ? revoke.variables : undefined}
        />
      )}
      {dialog}
    </>
  );
}
