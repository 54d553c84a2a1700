// The administrators' list of every personal API token still in force or ended within 30 days, with its
// owner; any of them can be revoked here.
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { apiTokenMessages as m } from '@testbed/contract';
import { useAllApiTokens } from '../api/api-tokens-api';
import { RevocableTokens } from '../components/revocable-tokens';

export function ApiTokensPage() {
  useDocumentTitle(`${m.TITLE} | Testbed Portal`);
  const tokens = useAllApiTokens();
  return (
    <Stack>
      <Title order={1}>{m.TITLE}</Title>
      <RevocableTokens tokens={tokens} emptyText={m.NONE_ADMIN} showOwner />
    </Stack>
  );
}

export { ApiTokensPage as Component };
