// A disclosure of the header: a button that shows or hides what is under it, drawn by its own CSS (the menus,
// the notification bell), so that no popover library comes with every signed-in page. Escape closes it and
// gives the focus back to the button.
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useId, useRef } from 'react';

export function useHeaderDisclosure() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened, close]);
  return {
    opened,
    close,
    /** The id of what the button shows. */
    panelId,
    /** The button's ref, its state for screen readers and its toggle. */
    buttonProps: { ref: button, 'aria-expanded': opened, 'aria-controls': opened ? panelId : undefined, onClick: toggle },
  };
}
