// Deleting one thing after a confirmation: the success notice, or the server's refusal (users hold
// a role, a group has members ...) shown as the server words it, under the dialog's title.
import type { UseMutationResult } from '@tanstack/react-query';
import { notifyFailure, notifySuccess } from '../notify';
import { useConfirmModal, type ConfirmModalOptions } from './confirm-modal';

export interface ConfirmedDeleteOptions<Item, Id> {
  mutation: UseMutationResult<unknown, Error, Id>;
  idOf: (item: Item) => Id;
  /** The dialog's title (also the failure notice's title), text and optional content for one item. */
  confirmation: (item: Item) => ConfirmModalOptions;
  deletedNotice: string;
  onDeleted?: () => void;
}

/** `start(item)` asks, then deletes; render `dialog` once in the page; `pendingId` is the item being deleted. */
export function useConfirmedDelete<Item, Id>({ mutation, idOf, confirmation, deletedNotice, onDeleted }: ConfirmedDeleteOptions<Item, Id>) {
  const { confirm, dialog } = useConfirmModal();
  const start = async (item: Item) => {
    const options = confirmation(item);
    const confirmed = await confirm({ danger: true, ...options });
    if (!confirmed) return;
    mutation.mutate(idOf(item), {
      onSuccess: () => {
        notifySuccess(deletedNotice);
        onDeleted?.();
      },
      onError: (error) => notifyFailure(error.message, options.title),
    });
  };
  return { start, dialog, pendingId: mutation.isPending ? mutation.variables : undefined };
}

export interface NamedDeleteTexts {
  title: string;
  /** The dialog's sentence, followed by the item's name. */
  text: string;
  confirmLabel: string;
  deletedNotice: string;
}

/**
 * The confirmed delete of a thing known by its name (a role, a group, a group type): a hook, like
 * useConfirmedDelete's, over the feature's delete mutation, that asks "<text> <name>" first.
 */
export function namedDeleteFlow<Item, Id>(
  useMutation: () => UseMutationResult<unknown, Error, Id>,
  identify: (item: Item) => { id: Id; name: string },
  { title, text, confirmLabel, deletedNotice }: NamedDeleteTexts,
) {
  return function useNamedDelete(onDeleted?: () => void) {
    return useConfirmedDelete({
      mutation: useMutation(),
      idOf: (item: Item) => identify(item).id,
      confirmation: (item) => ({ title, message: `${text} ${identify(item).name}`, confirmLabel }),
      deletedNotice,
      onDeleted,
    });
  };
}
