// A field left by pressing on something else shows its message only once the press is over: a message
// appearing between mouse-down and mouse-up pushes the page down, and the click would land on whatever moved
// under the pointer (e2e/signup-clicks.e2e.test.ts).
import { useEffect, useRef } from 'react';

export interface AfterPointerRelease {
  /** Runs `work` now, or after the click that ends the current press has been dispatched. */
  (work: () => void): void;
  /** Drops the work that waits for the press to end (a Reset clears it). */
  cancel: () => void;
}

export function useAfterPointerRelease(): AfterPointerRelease {
  const pressed = useRef(false);
  const waiting = useRef<Array<() => void>>([]);

  useEffect(() => {
    const down = () => {
      pressed.current = true;
    };
    const flush = () => {
      const work = waiting.current;
      waiting.current = [];
      for (const run of work) run();
    };
    const up = () => {
      pressed.current = false;
      // After the click that follows this mouse-up has been dispatched.
      setTimeout(flush, 0);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);

  const run = (work: () => void) => {
    if (pressed.current) waiting.current.push(work);
    else work();
  };
  return Object.assign(run, {
    cancel: () => {
      waiting.current = [];
    },
  });
}
