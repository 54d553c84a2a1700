// The key line of both add-key pages, with its catalogue label, help and size; the page gives its form's input
// props (value, message) and, on the user's own page, the button that reads the line from a .pub file.
import { credentialMessages } from '@testbed/contract';
import { SshKeyField, type SshKeyFieldProps } from '../../../shared/components/ssh-key-field';

export function KeyLineField(props: Omit<SshKeyFieldProps, 'label' | 'description' | 'name' | 'required' | 'rows'>) {
  return <SshKeyField label={credentialMessages.SSH_KEY} description={credentialMessages.SSH_KEY_HELP} name="sshKey" required rows={5} {...props} />;
}
