// Short notices after an action, with a close button that has a name (Mantine's has none by default).
// Every notice of the app goes through here: the lint forbids Mantine's notifications anywhere else.
// The notification code (and its host, see app/providers.tsx) is fetched at the first notice, not with
// the first page: most visits to the sign-in page never show one.
import { commonMessages } from '@testbed/contract';
import { useSyncExternalStore } from 'react';

let hostWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a notice was asked for, so that the host that shows notices is mounted. */
export function useNotificationHostWanted(): boolean {
  return useSyncExternalStore(subscribe, () => hostWanted);
}

function show(options: { color: string; title?: string; message: string; autoClose: number | false }): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of listeners) listener();
  }
  // Mantine's store queues the notice until its host has mounted. This module is no component, so the close
  // button's name is the common catalogue's, read directly rather than from a hook.
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ ...options, closeButtonProps: { 'aria-label': commonMessages.CLOSE } }));
}

export function notifySuccess(message: string): void {
  show({ color: 'teal', message, autoClose: 6000 });
}

/** A failure stays until it is closed: it may need reading twice. */
export function notifyFailure(message: string, title?: string): void {
  show({ color: 'red', title, message, autoClose: false });
}
