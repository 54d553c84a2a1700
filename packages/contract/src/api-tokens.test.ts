import { describe, expect, it } from 'vitest';
import { API_TOKEN_PATTERN, createApiTokenSchema, scopeAllows } from './api-tokens.js';

describe('personal API token rules', () => {
  it('lets read+book+flash do everything a token may, and read only read', () => {
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'read+book+flash')).toBe(false);
    expect(scopeAllows('read+book+flash', 'read')).toBe(true);
    expect(scopeAllows('read+book+flash', 'read+book+flash')).toBe(true);
  });

  it('takes a lifetime of 1 to 365 days, a trimmed name and a known scope', () => {
    expect(createApiTokenSchema.parse({ name: '  laptop  ', scope: 'read', expiresInDays: 365 })).toEqual({
      name: 'laptop',
      scope: 'read',
      expiresInDays: 365,
    });
    const refused = createApiTokenSchema.safeParse({ name: '', scope: 'write', expiresInDays: 366 });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.path[0]).sort()).toEqual(['expiresInDays', 'name', 'scope']);
    // A JSON number only: true would be read as one day, '365' as text.
    for (const expiresInDays of [true, '365']) {
      expect(createApiTokenSchema.safeParse({ name: 'laptop', scope: 'read', expiresInDays }).success, String(expiresInDays)).toBe(false);
    }
  });

  it('recognises the shape of a token: the prefix and 256 bits in base64url', () => {
    expect(API_TOKEN_PATTERN.test(`tbp_${'A'.repeat(43)}`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`tbp_${'A'.repeat(42)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
  });
});
