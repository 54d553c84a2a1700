import { messages } from '@testbed/contract';
import { describe, expect, it } from 'vitest';
import { interpolate, t } from './i18n';
import { t as deviceText } from './i18n-devices';

describe('t', () => {
  it("reads the common catalogue's text", () => {
    expect(t('CLOSE')).toBe(messages.CLOSE);
  });

  it("reads the device pages' texts and the common ones through i18n-devices", () => {
    expect(deviceText('SELECTED_DEVICES_COUNT', { count: 3 })).toBe(messages.SELECTED_DEVICES_COUNT.replace('{{count}}', '3'));
    expect(deviceText('CLOSE')).toBe(messages.CLOSE);
  });

  it('answers an unknown key with the key, so that the gap shows', () => {
    expect(t('NO_SUCH_TEXT' as never)).toBe('NO_SUCH_TEXT');
  });
});

describe('interpolate', () => {
  it('fills every placeholder, spaces inside the braces allowed, and leaves one without a value as it is', () => {
    expect(interpolate('{{a}} and {{ b }} and {{a}}', { a: 1, b: 'two' })).toBe('1 and two and 1');
    expect(interpolate('Hello {{name}}', {})).toBe('Hello {{name}}');
    expect(interpolate('Zero: {{n}}', { n: 0 })).toBe('Zero: 0');
  });

  it('does not read a value as a pattern', () => {
    expect(interpolate('{{a}}', { a: '$& {{b}}', b: 'x' })).toBe('$& {{b}}');
  });
});
