// The account's SSH keys on the account-update form, each with a button that marks it to be removed when the
// form is sent (and one that keeps it after all).
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { accountValidationMessages as text, shortenSshKey, type UpdateAccountPrefill } from '@testbed/contract';

export function ExistingSshKeys({
  credentials,
  removed,
  onChange,
}: {
  credentials: UpdateAccountPrefill['credentials'];
  removed: number[];
  onChange: (removed: number[]) => void;
}) {
  return (
    <Stack gap="xs" mt="sm">
      <Text fw={500} size="sm">
        {text.EXISTING_SSH_KEYS}
      </Text>
      {credentials.length === 0 && <Text size="sm">{text.NO_SSH_KEY}</Text>}
      {credentials.map((credential) => {
        const gone = removed.includes(credential.credentialId);
        const toggle = () => onChange(gone ? removed.filter((id) => id !== credential.credentialId) : [...removed, credential.credentialId]);
        return (
          <Group key={credential.credentialId} justify="space-between" wrap="nowrap" data-testid="existing-key">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Code style={{ wordBreak: 'break-all', textDecoration: gone ? 'line-through' : undefined }}>{shortenSshKey(credential.sshKey)}</Code>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {credential.fingerprint}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {gone && (
                <Text size="sm" fw={700} c="red.9">
                  {text.KEY_REMOVED}
                </Text>
              )}
              <Button
                size="xs"
                variant="outline"
                color={gone ? 'gray' : 'red.9'}
                aria-label={`${gone ? text.UNDO : text.REMOVE} ${credential.fingerprint}`}
                onClick={toggle}
              >
                {gone ? text.UNDO : text.REMOVE}
              </Button>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
