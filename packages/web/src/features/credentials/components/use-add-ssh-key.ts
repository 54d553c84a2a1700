// Adding a key, from a user's add-key page or the administrators' new-key page: a user's own first key is
// confirmed first and then signs the user out to sign in again; the
// server's refusal of the key goes under the field, any other above the buttons.
import { credentialMessages } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { fieldRefusal } from '../../../shared/form';
import { notifySuccess } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { clearSession } from '../../../shared/session';
import { useAddCredential } from '../api/credentials';

export interface AddSshKeyRequest {
  userId: number;
  sshKey: string;
  /** The key is for the signed-in user. */
  own: boolean;
  /** The user has no key yet, as far as the page knows: the confirmation is asked; the server's reply decides the sign-out. */
  firstKeyExpected: boolean;
  onAdded: () => void;
  onKeyRefused: (message: string) => void;
}

export function useAddSshKey() {
  const add = useAddCredential();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmModal();

  const submit = async ({ userId, sshKey, own, firstKeyExpected, onAdded, onKeyRefused }: AddSshKeyRequest) => {
    if (own && firstKeyExpected) {
      const confirmed = await confirm({ title: credentialMessages.FIRST_KEY_TITLE, message: credentialMessages.FIRST_KEY_TEXT });
      if (!confirmed) return;
    }
    add.mutate(
      { userId, sshKey },
      {
        onSuccess: (reply) => {
          notifySuccess(credentialMessages.KEY_ADDED);
          if (own && reply.firstKey) {
            // To sign-out first (an open page, so no guard moves the user elsewhere), then end the session.
            void Promise.resolve(navigate(paths.signout.href(), { replace: true })).then(clearSession);
          } else {
            onAdded();
          }
        },
        onError: (failure) => {
          const keyError = fieldRefusal(failure, 'sshKey');
          if (keyError) onKeyRefused(keyError);
        },
      },
    );
  };

  const serverError = add.error && !fieldRefusal(add.error, 'sshKey') ? add.error.message : null;

  return { submit, dialog, serverError, pending: add.isPending, reset: add.reset };
}
