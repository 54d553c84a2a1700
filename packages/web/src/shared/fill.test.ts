import { describe, expect, it } from 'vitest';
import { fill } from './fill';

describe('fill', () => {
  it('fills every placeholder, spaces inside the braces allowed, and leaves one without a value as it is', () => {
    expect(fill('{{a}} and {{ b }} and {{a}}', { a: 1, b: 'two' })).toBe('1 and two and 1');
    expect(fill('Hello {{name}}', {})).toBe('Hello {{name}}');
    expect(fill('Zero: {{n}}', { n: 0 })).toBe('Zero: 0');
  });

  it('does not read a value as a pattern', () => {
    expect(fill('{{a}}', { a: '$& {{b}}', b: 'x' })).toBe('$& {{b}}');
  });
});
