import { describe, expect, it } from 'vitest';
import { BODY_MAX_DEPTH, BODY_MAX_ENTRIES, BODY_TOO_DEEP, BODY_TOO_LARGE, jsonShapeProblem } from './json-body.js';

describe('the shape of a JSON body', () => {
  it('allows the levels and entries of the limits, and refuses one more', () => {
    expect(jsonShapeProblem(`${'['.repeat(BODY_MAX_DEPTH)}${']'.repeat(BODY_MAX_DEPTH)}`)).toBeNull();
    expect(jsonShapeProblem(`${'['.repeat(BODY_MAX_DEPTH + 1)}${']'.repeat(BODY_MAX_DEPTH + 1)}`)).toBe(BODY_TOO_DEEP);
    expect(jsonShapeProblem(`${'{"a":'.repeat(BODY_MAX_DEPTH + 1)}1${'}'.repeat(BODY_MAX_DEPTH + 1)}`)).toBe(BODY_TOO_DEEP);
    expect(jsonShapeProblem(JSON.stringify(Array.from({ length: BODY_MAX_ENTRIES }, () => 1)))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify(Array.from({ length: BODY_MAX_ENTRIES + 1 }, () => 1)))).toBe(BODY_TOO_LARGE);
    const keys = Object.fromEntries(Array.from({ length: BODY_MAX_ENTRIES + 1 }, (_, index) => [`k${index}`, null]));
    expect(jsonShapeProblem(JSON.stringify(keys))).toBe(BODY_TOO_LARGE);
    // Entries count across levels: 5,001 arrays of one item each, in one array.
    expect(jsonShapeProblem(JSON.stringify(Array.from({ length: 5_001 }, () => [1])))).toBe(BODY_TOO_LARGE);
  });

  it('reads brackets, commas and escaped quotes inside strings as text', () => {
    const text = `${'['.repeat(BODY_MAX_DEPTH + 1)}\\"${','.repeat(BODY_MAX_ENTRIES + 1)}`;
    expect(jsonShapeProblem(JSON.stringify({ text }))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify(['"[', '\\', '{', ']]]']))).toBeNull();
    expect(jsonShapeProblem('[]')).toBeNull();
    expect(jsonShapeProblem('{}')).toBeNull();
    expect(jsonShapeProblem('"just a string"')).toBeNull();
  });

  it('stops at the first level past the limit of a 100,000-deep body', () => {
    const deep = '['.repeat(100_000);
    const started = performance.now();
    for (let round = 0; round < 100; round += 1) expect(jsonShapeProblem(deep)).toBe(BODY_TOO_DEEP);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
