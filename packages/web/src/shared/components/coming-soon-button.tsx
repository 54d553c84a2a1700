// A button of a feature not written yet: shown, disabled, and saying so, so that
// nobody clicks a button that does nothing.
import { commonMessages } from '@testbed/contract';
import { Button, type ButtonProps } from '@mantine/core';

export function ComingSoonButton({ label, ...props }: { label: string } & Omit<ButtonProps, 'children' | 'disabled'>) {
  return (
    <Button {...props} disabled data-coming-soon>
      {label} ({commonMessages.COMING_SOON})
    </Button>
  );
}
