import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it.each(['Password1!', 'P@ssw0rd!', 'Qwerty123#', 'Dragon#2024', '!Monkey99', 'Iloveyou1$', 'Football_10'])('rejects %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Secret#2026pass', 'Kestrel#Orbit42', 'Tz7!rq9Lm#2x', 'Adm1n!Passw0rd'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
