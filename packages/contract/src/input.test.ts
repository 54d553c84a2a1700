import { describe, expect, it } from 'vitest';
import { entityIdSchema, findUnsafeText, idValueSchema, instantSchema, isOneLine, isUnsafeText, wholeNumberText } from './input.js';

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

describe('numbers in a path or a query string', () => {
  it('are read in decimal digits only, without sign, leading zero, space, exponent or fraction', () => {
    expect(entityIdSchema.parse('2')).toBe(2);
    expect(wholeNumberText(0, 10).parse('0')).toBe(0);
    for (const value of ['0x2', '+2', '1e0', ' 2', '2 ', '02', '2.0', 'true', '', '-0', '\u0662']) {
      expect(entityIdSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('in a body that may hold them as text, are a JSON whole number or the same canonical text', () => {
    expect(idValueSchema.parse(7)).toBe(7);
    expect(idValueSchema.parse('7')).toBe(7);
    for (const value of [true, '0x7', ' 7', 7.5, '2147483648', 0, null]) {
      expect(idValueSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});

describe('instants', () => {
  it('are ISO 8601 with an offset within the years 1 to 9999 in UTC', () => {
    const instant = instantSchema();
    for (const value of ['0001-01-01T00:00:00Z', '2026-11-26T20:00:00.000+01:00', '9999-12-31T23:59:59.999Z']) {
      expect(instant.safeParse(value).success, value).toBe(true);
    }
    for (const value of ['0000-01-01T00:00:00.000Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:59:59-05:00', '2026-02-30T00:00:00Z']) {
      expect(instant.safeParse(value).success, value).toBe(false);
    }
  });
});
