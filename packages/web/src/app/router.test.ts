import { describe, expect, it } from 'vitest';
import { pages } from './router';

describe('route table', () => {
  // A page rendered as a lazy component never has its loader run: one that needs a loader must be listed in
  // pagesWithLoaders instead.
  it('has no page module with a route loader among the lazy components', async () => {
    const withLoader: string[] = [];
    for (const [name, load] of Object.entries(pages)) {
      const module = (await load()) as Record<string, unknown>;
      expect(module.Component, name).toBeTypeOf('function');
      if ('loader' in module) withLoader.push(name);
    }
    expect(withLoader).toEqual([]);
  });
});
