// Add an SSH key for any user (credential, administrators): choose the user by name, then give one
// public key line; the form is the contract's newCredentialFormSchema (useContractForm). An administrator
// adding their own first key is asked to confirm and then signed out, as on the user's own add-key page.
import { useDocumentTitle } from '@mantine/hooks';
import { credentialMessages, newCredentialFormSchema, type NewCredentialForm } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../shared/components/form-page';
import { UserPicker } from '../../../shared/components/user-picker';
import { useContractForm } from '../../../shared/form';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session';
import { KeyLineField } from '../components/key-line-field';
import { useAddSshKey } from '../components/use-add-ssh-key';

export function NewCredentialPage() {
  useDocumentTitle(`${credentialMessages.ADD_SSH_KEY} | Testbed Portal`);
  const me = useSession().user;
  const navigate = useNavigate();
  const add = useAddSshKey();
  // An edit forgets the last request's failure.
  const form = useContractForm(newCredentialFormSchema, { owner: null, sshKey: '' }, { onValuesChange: () => add.reset() });

  const onSubmit = async ({ owner, sshKey }: NewCredentialForm) => {
    if (!owner) return;
    // The trimmed line is what is sent, and what the field shows.
    form.setFieldValue('sshKey', sshKey);
    await add.submit({
      userId: owner.userId,
      sshKey,
      own: me !== null && owner.userId === me.userId,
      firstKeyExpected: me !== null && !me.hasSshKey,
      onAdded: () => void navigate(paths.credentials.href()),
      onKeyRefused: (message) => form.setFieldError('sshKey', message),
    });
  };

  return (
    <FormPage
      title={credentialMessages.ADD_SSH_KEY}
      maw={760}
      mt="lg"
      shadow="xs"
      onSubmit={form.onSubmit((values) => void onSubmit(values))}
      serverError={add.serverError}
      cancel={{ label: credentialMessages.CANCEL, to: paths.credentials.href() }}
      submit={{ label: credentialMessages.SUBMIT_ADD, pending: add.pending }}
      after={add.dialog}
    >
      <UserPicker
        label={credentialMessages.USER}
        placeholder={credentialMessages.CHOOSE_USER}
        value={form.getValues().owner}
        onChange={(owner) => form.setFieldValue('owner', owner)}
        error={form.errors.owner as string | undefined}
        required
      />
      <KeyLineField {...form.getInputProps('sshKey')} />
    </FormPage>
  );
}

export { NewCredentialPage as Component };
