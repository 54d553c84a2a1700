// The key line of both add-key pages, with its catalogue label, help and size; useKeyLine holds it in React
// state for the user's own add-key page, where an error, once shown, follows the typing so that it leaves
// when the line is fixed.
import { credentialMessages } from '@testbed/contract';
import { useState, type ChangeEvent } from 'react';
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
  /** KeyLineField's value, error and change handler. */
  const fieldProps = { value: sshKey, error, onChange: (event: ChangeEvent<HTMLTextAreaElement>) => change(event.currentTarget.value) };
  return { setSshKey, setError, checked, fieldProps };
}

/** The key line's field; the page gives its value, error and change handler, and any "read from a file" button. */
export function KeyLineField(props: SshKeyFieldProps) {
  return <SshKeyField label={credentialMessages.SSH_KEY} description={credentialMessages.SSH_KEY_HELP} name="sshKey" required rows={5} {...props} />;
}
