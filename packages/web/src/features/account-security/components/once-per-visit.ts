// What a page of a mailed link does on entry (check the link, or use a single-use one), run once per visit:
// a navigation to the page, identified by its location key. StrictMode's double render and effects, or a
// re-render while the call runs, must not call again, which an effect would; so every render of one visit
// reads the same call from this module-level map. The call is forgotten when the page goes: opening the link
// again is a new visit, which asks the server again.
import { useEffect, useReducer } from 'react';
import { useLocation } from 'react-router';

interface Visit<T> {
  settled: Promise<void>;
  outcome?: { value: T } | { error: unknown };
}

const visits = new Map<string, Visit<unknown>>();

function visitOf<T>(key: string, start: () => Promise<T>): Visit<T> {
  const known = visits.get(key) as Visit<T> | undefined;
  if (known) return known;
  const visit: Visit<T> = {
    settled: start().then(
      (value) => void (visit.outcome = { value }),
      (error: unknown) => void (visit.outcome = { error }),
    ),
  };
  visits.set(key, visit);
  return visit;
}

/**
 * The value of the visit's call, or undefined while it runs. A failure is thrown, so the shell's error
 * boundary shows it as a page that failed to load.
 */
export function useOncePerVisit<T>(name: string, start: () => Promise<T>): T | undefined {
  const location = useLocation();
  const key = `${name} ${location.key} ${location.pathname}`;
  const visit = visitOf(key, start);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    // Set again after StrictMode's simulated unmount, which runs the cleanup below.
    visits.set(key, visit);
    let shown = true;
    void visit.settled.then(() => shown && rerender());
    return () => {
      shown = false;
      if (visits.get(key) === visit) visits.delete(key);
    };
  }, [key, visit]);
  if (visit.outcome && 'error' in visit.outcome) throw visit.outcome.error;
  return visit.outcome?.value;
}
