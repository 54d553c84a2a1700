// Short notices after an action, with a close button that has a name (Mantine's has none by default).
// Every notice of the app goes through here: the lint forbids Mantine's notifications anywhere else.
import { notifications } from '@mantine/notifications';
import { messages } from '@testbed/contract';

const closeButtonProps = { 'aria-label': messages.CLOSE };

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, closeButtonProps, autoClose: 6000 });
}

/** A failure stays until it is closed: it may need reading twice. */
export function notifyFailure(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, closeButtonProps, autoClose: false });
}
