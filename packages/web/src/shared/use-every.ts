import { useEffect, useRef } from 'react';

/**
 * Calls `onTick` every `intervalMs` while the component is mounted. Mantine's useInterval keeps whether it
 * runs in state, so starting it renders the component a second time as it mounts: on the booking form, the
 * whole form again right after it first shows.
 */
export function useEvery(intervalMs: number, onTick: () => void): void {
  const latest = useRef(onTick);
  useEffect(() => {
    latest.current = onTick;
  });
  useEffect(() => {
    const timer = window.setInterval(() => latest.current(), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
}
