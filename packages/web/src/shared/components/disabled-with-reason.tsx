// A button that cannot be used here, with the reason in a tooltip and in its accessible description. It
// stays focusable (aria-disabled rather than disabled) so that keyboard users can reach the reason too.
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useId } from 'react';

export function DisabledWithReason({
  reason,
  children,
  ...props
}: { reason: string; children: string } & Omit<ButtonProps, 'disabled' | 'children'>) {
  const id = useId();
  return (
    <Tooltip label={reason} multiline maw={280} withinPortal={false}>
      <Button
        {...props}
        data-disabled
        aria-disabled="true"
        aria-describedby={id}
        onClick={(event) => event.preventDefault()}
      >
        {children}
        <span id={id} hidden>
          {reason}
        </span>
      </Button>
    </Tooltip>
  );
}
