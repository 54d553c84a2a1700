import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE, USERNAME_MESSAGE, passwordSchema, usernameSchema } from './rules.js';

describe('username rule', () => {
  it.each(['ab', 'alice', 'a_1', 'z'.repeat(32)])('accepts %s', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });
  it.each(['a', 'Alice', '1abc', '_abc', 'ab-c', 'ab c', 'a'.repeat(33), ''])('refuses %j with the spec message', (name) => {
    const result = usernameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(USERNAME_MESSAGE);
  });
});

describe('password rule', () => {
  it.each(['Abcdef1!', 'Secret#2026pass', 'Ünïcode1?'])('accepts %s', (password) => {
    expect(passwordSchema.safeParse(password).success).toBe(true);
  });
  it.each(['Abcde1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1', 'Abcd efg1!', `A1!${'a'.repeat(200)}`])(
    'refuses %j with the spec message',
    (password) => {
      const result = passwordSchema.safeParse(password);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGE);
    },
  );
});
