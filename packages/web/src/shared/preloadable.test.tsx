import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      Hello {name} {clicks}
    </button>
  );
}

describe('preloadable', () => {
  it('shows the component at once, without the fallback, when its code was fetched before', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const greeting = preloadable(load);
    await greeting.preload();
    await greeting.preload();
    expect(load).toHaveBeenCalledTimes(1);

    render(
      <Suspense fallback={<p>Loading</p>}>
        <greeting.Component name="Ada" />
      </Suspense>,
    );
    // Synchronously, in the first commit: no fallback was ever shown.
    expect(screen.getByRole('button')).toHaveTextContent('Hello Ada 0');
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends until the code arrives when it was not fetched, and keeps its state once shown', async () => {
    let arrive!: (component: typeof Greeting) => void;
    const greeting = preloadable(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <greeting.Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive(Greeting));
    const button = await screen.findByRole('button');
    act(() => button.click());
    expect(button).toHaveTextContent('Hello Ada 1');

    // A later render of the same mount keeps the component it chose (and so its state).
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <greeting.Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Hello Grace 1');
  });

  it('asks again after a failed fetch', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Greeting);
    const greeting = preloadable(load);
    await expect(greeting.preload()).rejects.toThrow('offline');
    await expect(greeting.preload()).resolves.toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
