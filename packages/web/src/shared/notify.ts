// Short notices after an action, with a close button that has a name (Mantine's has none by default).
import { notifications } from '@mantine/notifications';
import { messages } from '@testbed/contract';

const closeButtonProps = { 'aria-label': messages.CLOSE };

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, closeButtonProps });
}

export function notifyFailure(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, closeButtonProps });
}
