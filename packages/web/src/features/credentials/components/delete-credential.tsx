// Deleting a key, from the list or the details page: confirm, delete, and when it was the signed-in
// user's own last key, end the session and go to sign-in.
import { notifyFailure, notifySuccess } from '../../../shared/notify';
import { credentialMessages, type Credential } from '@testbed/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { clearSession, useSession } from '../../../shared/session';
import { useDeleteCredential } from '../api/credentials';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { sshKeyDeletion } from '../../../shared/components/ssh-key-deletion';

export interface DeleteOptions {
  /** Whether the owner has only this key, when the page knows it; the server's reply decides anyway. */
  lastKey?: boolean;
  /** Called after a deletion that did not end the session. */
  onDeleted?: () => void;
}

export function useDeleteCredentialFlow() {
  const remove = useDeleteCredential();
  const navigate = useNavigate();
  const me = useSession().user;
  const { confirm, dialog } = useConfirmModal();

  const start = async (credential: Credential, options: DeleteOptions = {}) => {
    const own = me !== null && credential.user.userId === me.userId;
    const confirmed = await confirm(sshKeyDeletion(credential, own && options.lastKey === true));
    if (!confirmed) return;
    remove.mutate(credential.credentialId, {
      onSuccess: (reply) => {
        notifySuccess(credentialMessages.KEY_DELETED);
        if (reply.lastKey && me !== null && reply.userId === me.userId) {
          // The guard of the current page sees the session end and sends the user to sign-in as well.
          clearSession();
          void navigate(paths.signin.href(), { replace: true });
          return;
        }
        options.onDeleted?.();
      },
      onError: (error) => {
        notifyFailure(error.message, credentialMessages.DELETE_TITLE);
      },
    });
  };

  return { start, dialog, isPending: remove.isPending, pendingId: remove.isPending ? remove.variables : undefined };
}
