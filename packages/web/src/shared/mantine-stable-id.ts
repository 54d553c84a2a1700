// Mantine's useId, as the built app has it (vite.config.ts puts this module in place of @mantine/hooks'
// own). Mantine's gives a component React's id as it mounts and then a random one from a layout effect, so
// that every input, popover, checkbox and switch renders a second time, synchronously, inside the task that
// shows it: on the booking form, a fifth of the task that shows the form. The app renders only in the
// browser, where React's id is unique and stable, so that id is kept.
import { useId as useReactId } from 'react';

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
