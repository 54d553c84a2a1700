import { describe, expect, it } from 'vitest';
import { entityIdSchema, findUnsafeText, isOneLine, isUnsafeText } from './input.js';

describe('the text rule', () => {
  it('refuses NUL, other control characters and unpaired surrogates', () => {
    for (const text of ['a\u0000', 'bell\u0007', 'esc\u001b[0m', 'del\u007f', 'c1\u0085', '\ud800', 'x\udc00y', 'end\udbff']) {
      expect(isUnsafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('accepts tab, line breaks, accents, emoji and other scripts', () => {
    for (const text of ['a\tb', 'line\nline\r\n', 'Éloïse Müller', 'naïve 🚀 test', '東京', '']) {
      expect(isUnsafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first unsafe field by its path, keys included', () => {
    expect(findUnsafeText({ form: { users: [{ name: 'ok' }, { name: 'bad\u0000' }] } })).toBe('form.users.1.name');
    expect(findUnsafeText({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText({ a: 'fine', b: [1, null, true] })).toBeNull();
    // The first in the order of the value: a key before the texts of later fields.
    expect(findUnsafeText({ a: ['fine', { b: 'ok' }], ['c\u0007']: 'x\u0000' })).toBe('c\u0007');
    expect(findUnsafeText({ a: [{ b: 'x\u0000' }], ['c\u0007']: 1 })).toBe('a.0.b');
  });

  it('walks a value 100,000 levels deep without exhausting the stack, in time that grows with its size', () => {
    let deepArray: unknown = 'bad\u0000';
    let deepObject: unknown = 'fine';
    for (let level = 0; level < 100_000; level += 1) {
      deepArray = [deepArray];
      deepObject = { a: deepObject };
    }
    const started = performance.now();
    expect(findUnsafeText(deepArray)?.split('.')).toHaveLength(100_000);
    expect(findUnsafeText(deepObject)).toBeNull();
    // A walk that copied the path at every level would take minutes here; a linear one takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('keeps one-line texts free of tabs and line breaks', () => {
    expect(isOneLine('Lab of Networks, Inc.')).toBe(true);
    expect(isOneLine('two\nlines')).toBe(false);
    expect(isOneLine('tab\there')).toBe(false);
  });
});

describe('ids', () => {
  it('are whole numbers from 1 to 2^31 - 1', () => {
    expect(entityIdSchema.parse('2147483647')).toBe(2147483647);
    for (const value of ['2147483648', '0', '-1', '1.5', 'NaN', '9007199254740993']) {
      expect(entityIdSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
