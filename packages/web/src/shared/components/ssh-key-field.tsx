// The SSH public key entry of the key, sign-up and account-update forms: one key line in a monospaced box
// that the browser neither spell-checks nor capitalises, and a button that reads the line from a .pub file.
import { Group, Stack, Textarea, type MantineSize, type MantineSpacing } from '@mantine/core';
import { SSH_KEY_MAX_LENGTH } from '@testbed/contract';
import type { ComponentProps } from 'react';
import { ChooseFileButton } from './choose-file-button';

/** A .pub file is one line; anything much larger is not a public key. */
const MAX_FILE_BYTES = SSH_KEY_MAX_LENGTH * 4;

const KEY_STYLES = { input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' as const } };

/** The file's key line, trimmed, or null when the file is too large or cannot be read. */
async function readKeyFile(file: File): Promise<string | null> {
  if (file.size > MAX_FILE_BYTES) return null;
  try {
    return (await file.text()).trim();
  } catch {
    return null;
  }
}

export interface SshKeyFieldProps extends ComponentProps<typeof Textarea> {
  /** The "read from a .pub file" button: its text, and what to do with the key read (null: unreadable). */
  readFromFile?: { label: string; buttonSize?: MantineSize; onRead: (sshKey: string | null) => void };
  /** Space above the field, where it follows other fields without a stack. */
  top?: MantineSpacing;
}

export function SshKeyField({ readFromFile, top, ...textarea }: SshKeyFieldProps) {
  return (
    <Stack gap="xs" mt={top}>
      <Textarea
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="none"
        resize="vertical"
        styles={KEY_STYLES}
        placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA... user@host"
        {...textarea}
      />
      {readFromFile && (
        <Group>
          <ChooseFileButton
            label={readFromFile.label}
            accept=".pub,text/plain"
            size={readFromFile.buttonSize}
            onChoose={(file) => file && void readKeyFile(file).then(readFromFile.onRead)}
          />
        </Group>
      )}
    </Stack>
  );
}
