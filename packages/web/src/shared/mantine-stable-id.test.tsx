import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-stable-id';

describe("the app's Mantine useId", () => {
  it('renders a component once as it mounts, with an id that stays, and keeps an id given', () => {
    let renders = 0;
    function Field({ given }: { given?: string }) {
      renders += 1;
      const id = useId(given);
      return <label htmlFor={id}>field {id}</label>;
    }
    const { rerender } = render(<Field />);
    const first = screen.getByText(/field/).getAttribute('for');
    expect(first).toMatch(/^mantine-[\w-]+$/);
    expect(renders).toBe(1);
    rerender(<Field />);
    expect(screen.getByText(/field/).getAttribute('for')).toBe(first);
    rerender(<Field given="start-hour" />);
    expect(screen.getByText(/field/).getAttribute('for')).toBe('start-hour');
  });
});
