// Add an SSH key for any user (credential, administrators): choose the user by name, then give one
// public key line, checked with the contract's rule before sending. An administrator adding their own
// first key is asked to confirm and then signed out, as on the user's own add-key page.
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages, type ValidUser } from '@testbed/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../shared/components/form-page';
import { UserPicker } from '../../../shared/components/user-picker';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { KeyLineField, useKeyLine } from '../components/key-line-field';
import { useAddSshKey } from '../components/use-add-ssh-key';

export function NewCredentialPage() {
  useDocumentTitle(`${credentialMessages.ADD_SSH_KEY} | Testbed Portal`);
  const me = useSession().user;
  const navigate = useNavigate();
  const add = useAddSshKey();
  const [owner, setOwner] = useState<ValidUser | null>(null);
  const line = useKeyLine(add.reset);
  const [ownerError, setOwnerError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sshKey = line.checked();
    setOwnerError(owner ? undefined : credentialMessages.USER_REQUIRED);
    if (!sshKey || !owner) return;
    await add.submit({
      userId: owner.userId,
      sshKey,
      own: me !== null && owner.userId === me.userId,
      firstKeyExpected: me !== null && !me.hasSshKey,
      onAdded: () => void navigate(paths.credentials.href()),
      onKeyRefused: line.setError,
    });
  };

  return (
    <FormPage
      title={credentialMessages.ADD_SSH_KEY}
      maw={760}
      mt="lg"
      shadow="xs"
      onSubmit={(event) => void onSubmit(event)}
      serverError={add.serverError}
      cancel={{ label: credentialMessages.CANCEL, to: paths.credentials.href() }}
      submit={{ label: credentialMessages.SUBMIT_ADD, pending: add.pending }}
      after={add.dialog}
    >
      <UserPicker
        label={credentialMessages.USER}
        placeholder={credentialMessages.CHOOSE_USER}
        value={owner}
        onChange={(user) => {
          setOwner(user);
          add.reset();
          if (user) setOwnerError(undefined);
        }}
        error={ownerError}
        required
      />
      <KeyLineField line={line} />
    </FormPage>
  );
}

export { NewCredentialPage as Component };
