// The table of personal API tokens, on a user's page and on the administrators' list of every token, and the
// confirmation asked before a revocation.
import { Anchor, Button, Table } from '@mantine/core';
import { apiTokenMessages as m, type ApiToken } from '@testbed/contract';
import { Link } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { HeaderRow } from '../../../shared/components/header-row';
import { formatDateTime } from '../../../shared/time';
import { paths } from '../../../shared/paths';

const STATUS_LABEL = { active: m.STATUS_ACTIVE, expired: m.STATUS_EXPIRED, revoked: m.STATUS_REVOKED } as const;

export function useRevokeConfirmation() {
  const { confirm, dialog } = useConfirmModal();
  const confirmRevoke = (token: ApiToken) =>
    confirm({ title: m.REVOKE_TITLE, message: m.REVOKE_TEXT.replace('{{name}}', token.name), confirmLabel: m.REVOKE, danger: true });
  return { confirmRevoke, dialog };
}

export function ApiTokenTable({
  tokens,
  onRevoke,
  revoking,
  showOwner = false,
}: {
  tokens: ApiToken[];
  onRevoke: (token: ApiToken) => void;
  /** The token whose revocation is under way. */
  revoking?: number;
  showOwner?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={showOwner ? 800 : 640}>
      <Table striped aria-label={m.TITLE}>
        <HeaderRow headers={[m.NAME, ...(showOwner ? [m.OWNER] : []), m.SCOPE, m.CREATED_ON, m.LAST_USED, m.EXPIRES_ON, m.STATUS, m.ACTIONS]} />
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.tokenId} data-testid="api-token-row">
              <Table.Td>{token.name}</Table.Td>
              {showOwner && (
                <Table.Td>
                  <Anchor component={Link} to={paths.user.href(token.user.userId)}>
                    {token.user.username}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td>{token.scope}</Table.Td>
              <Table.Td>{formatDateTime(token.createdAt)}</Table.Td>
              <Table.Td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : m.NEVER_USED}</Table.Td>
              <Table.Td>{formatDateTime(token.expiresAt)}</Table.Td>
              <Table.Td>{STATUS_LABEL[token.status]}</Table.Td>
              <Table.Td>
                {token.status === 'active' && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    aria-label={`${m.REVOKE} ${token.name}${showOwner ? ` (${token.user.username})` : ''}`}
                    loading={revoking === token.tokenId}
                    onClick={() => onRevoke(token)}
                  >
                    {m.REVOKE}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
