// The confirmation modal of every screen (docs/web-app.md): a title, a message, optional content, Cancel and OK; it
// answers true on OK and false on Cancel or when closed any other way.
import { commonMessages } from '@testbed/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from './dialog';

/** The layer index of modals and popups. */
const MODAL_Z_INDEX = 1055;

export interface ConfirmModalOptions {
  title: string;
  message: string;
  content?: ReactNode;
  confirmLabel?: string;
  /** A destructive action gets a red OK button. */
  danger?: boolean;
}

interface Pending extends ConfirmModalOptions {
  resolve: (answer: boolean) => void;
}

/** `confirm(options)` opens the modal and resolves with the answer; render `dialog` once in the page. */
export function useConfirmModal() {
  // The options stay after an answer, so that the text does not vanish while the modal fades out.
  const [state, setState] = useState<{ pending: Pending; open: boolean } | null>(null);

  const confirm = useCallback(
    (options: ConfirmModalOptions) => new Promise<boolean>((resolve) => setState({ pending: { ...options, resolve }, open: true })),
    [],
  );

  const answer = (value: boolean) => {
    if (!state?.open) return;
    state.pending.resolve(value);
    setState({ ...state, open: false });
  };

  const current = state?.pending;
  const dialog = (
    <Dialog opened={state?.open ?? false} onClose={() => answer(false)} zIndex={MODAL_Z_INDEX} title={current?.title}>
          <Stack gap="sm">
            <Text size="sm">{current?.message}</Text>
            {current?.content}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => answer(false)}>
                {commonMessages.CANCEL}
              </Button>
              <Button color={current?.danger ? 'red.9' : undefined} onClick={() => answer(true)} data-autofocus>
                {current?.confirmLabel ?? 'OK'}
              </Button>
            </Group>
          </Stack>
        </Dialog>
  );

  return { confirm, dialog };
}
