import { describe, expect, it } from 'vitest';
import { pages } from './page-table';

describe('route table', () => {
  // The routes are declared with <Routes>, which renders a page's Component and ignores any other export:
  // a route loader would never run, so what a page must do on entry it does itself (a query, a guard).
  it('has a Component and no route loader in every page module', async () => {
    const withLoader: string[] = [];
    for (const [name, load] of Object.entries(pages)) {
      const module = (await load()) as Record<string, unknown>;
      expect(module.Component, name).toBeTypeOf('function');
      if ('loader' in module || 'clientLoader' in module) withLoader.push(name);
    }
    expect(withLoader).toEqual([]);
    // Importing every page transforms the whole app: seconds of work on a busy machine.
  }, 60_000);
});
