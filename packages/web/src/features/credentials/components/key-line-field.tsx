// The key line of both add-key pages, with its catalogue label, help and size. Once an error shows, it
// follows the typing so that it leaves when the line is fixed.
import { credentialMessages } from '@testbed/contract';
import { useState } from 'react';
import { checkSshKey, SshKeyField, type SshKeyFieldProps } from '../../../shared/components/ssh-key-field';

/** The line's value and error; `onEdit` runs at each change (to forget the last request's failure). */
export function useKeyLine(onEdit: () => void) {
  const [sshKey, setSshKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = (value: string) => {
    setSshKey(value);
    onEdit();
    if (error) setError(checkSshKey(value).error);
  };
  /** Checks the line before sending: shows its error, or puts back the trimmed line and returns it. */
  const checked = () => {
    const { data, error: invalid } = checkSshKey(sshKey);
    setError(invalid);
    if (data) setSshKey(data.sshKey);
    return data?.sshKey ?? null;
  };
  return { sshKey, setSshKey, error, setError, change, checked };
}

export type KeyLine = ReturnType<typeof useKeyLine>;

export function KeyLineField({ line, readFromFile }: { line: KeyLine; readFromFile?: SshKeyFieldProps['readFromFile'] }) {
  return (
    <SshKeyField
      label={credentialMessages.SSH_KEY}
      description={credentialMessages.SSH_KEY_HELP}
      name="sshKey"
      required
      rows={5}
      value={line.sshKey}
      error={line.error}
      onChange={(event) => line.change(event.currentTarget.value)}
      readFromFile={readFromFile}
    />
  );
}
