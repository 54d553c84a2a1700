// The red delete button of the lists and details pages. While the thing cannot be deleted (users hold the
// role, the group has members ...) it stays in place, disabled, and tells why.
import { Button, type ButtonProps } from '@mantine/core';
import { DisabledWithReason } from './disabled-with-reason';

export interface DeleteButtonProps extends Omit<ButtonProps, 'children' | 'variant' | 'color'> {
  children: string;
  /** Why the thing cannot be deleted now; undefined when it can. */
  blockedReason?: string;
  /** The disabled button's colour, where a list shows it grey. */
  blockedColor?: string;
  onClick: () => void;
  'aria-label'?: string;
}

export function DeleteButton({ children, blockedReason, blockedColor = 'red.9', onClick, loading, ...props }: DeleteButtonProps) {
  if (blockedReason) {
    return (
      <DisabledWithReason {...props} variant="outline" color={blockedColor} reason={blockedReason}>
        {children}
      </DisabledWithReason>
    );
  }
  return (
    <Button {...props} variant="outline" color="red.9" loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}
