// The confirmation of an SSH key's deletion, alike from the keys pages and a user's page: the key shortened
// with its fingerprint, and the warning that the session ends when it is the signed-in person's last key.
import { Code } from '@mantine/core';
import { credentialMessages, shortenSshKey } from '@testbed/contract';
import type { ConfirmModalOptions } from './confirm-modal';

export function sshKeyDeletion(key: { sshKey: string; fingerprint: string }, lastOwnKey: boolean): ConfirmModalOptions {
  return {
    title: credentialMessages.DELETE_TITLE,
    message: lastOwnKey ? `${credentialMessages.DELETE_TEXT} ${credentialMessages.DELETE_LAST_OWN_TEXT}` : credentialMessages.DELETE_TEXT,
    content: (
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`${shortenSshKey(key.sshKey)}\n${key.fingerprint}`}
      </Code>
    ),
    confirmLabel: credentialMessages.DELETE,
    danger: true,
  };
}
