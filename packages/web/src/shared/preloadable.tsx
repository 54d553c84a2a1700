// A component whose code is fetched on demand, as React.lazy's, that can be fetched ahead of its first
// render and then renders at once. React.lazy suspends on its first render even when the code is already
// in, and React shows content that suspended no sooner than 300 ms after the last fallback it showed: on a
// first load, the page's heading and the booking form each waited that long for code that had arrived.
import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable<Props extends object> {
  /** Renders the component: at once when its code is in by then, through React.lazy otherwise. */
  Component: ComponentType<Props>;
  /** Fetches the code (once, however often it is called); resolves with the component. */
  preload: () => Promise<ComponentType<Props>>;
}

export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>): Preloadable<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a new deployment, a dropped connection) may be asked again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: Props) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would mount the
    // component again and lose its state.
    const [Chosen] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}
