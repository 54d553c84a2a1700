import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from './phone.js';
import { PASSWORD_MESSAGE, USERNAME_MESSAGE, passwordSchema, TIME_ZONE_MESSAGE, timeZoneSchema, usernameSchema } from './rules.js';
import { RESERVATION_DESCRIPTION_PATTERN } from './reservations.js';
import { signupFormSchema } from './registration.js';
import { ownUserFieldsSchema } from './users.js';

describe('username rule', () => {
  it.each(['ab', 'alice', 'a_1', 'z'.repeat(32)])('accepts %s', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });
  it.each(['a', 'Alice', '1abc', '_abc', 'ab-c', 'ab c', 'a'.repeat(33), ''])('refuses %j with the rule message', (name) => {
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
    'refuses %j with the rule message',
    (password) => {
      const result = passwordSchema.safeParse(password);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGE);
    },
  );
});

describe('phone numbers', () => {
  it('accepts national digits with a layout, and international numbers with their +', () => {
    expect(normalisePhoneNumber('06 12 34 56 78')).toBe('0612345678');
    expect(normalisePhoneNumber('06.12.34-56-78')).toBe('0612345678');
    expect(normalisePhoneNumber('+33 6 12 34 56 78')).toBe('+33 6 12 34 56 78');
    expect(normalisePhoneNumber('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(normalisePhoneNumber('+1 (415) 555-2671')).toBe('+1 415 555 2671');
    expect(normalisePhoneNumber('  ')).toBeNull();
  });

  it('refuses letters and international numbers that cannot exist', () => {
    expect(normalisePhoneNumber('06 12 AB')).toBe('invalid');
    expect(normalisePhoneNumber('+33 12')).toBe('invalid');
    expect(normalisePhoneNumber('+999 1234567')).toBe('invalid');
  });

  it('is the rule of the sign-up form and of the account, naming the field', () => {
    const parsed = signupFormSchema.safeParse({ phoneNumber: '+44 20 7946 0958' });
    expect(parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === 'phoneNumber')).toEqual([]);
    const refused = ownUserFieldsSchema.safeParse({ firstname: 'Ada', lastname: 'L', phoneNumber: '+12' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['phoneNumber']);
    expect(ownUserFieldsSchema.parse({ firstname: 'Ada', lastname: 'L', phoneNumber: '+44 20 7946 0958' }).phoneNumber).toBe('+44 20 7946 0958');
  });
});

describe('the prose and time zone rules', () => {
  it('takes a reservation description written as people write, on one line, and refuses control characters and outer spaces', () => {
    for (const text of ['', 'radio tests', 'Ada’s run (antenna test): 2/3 done, “café”, ok?', 'Zoë & Łukasz — 5 GHz / 20 MHz', "it's 100% #3"]) {
      expect(RESERVATION_DESCRIPTION_PATTERN.test(text), text).toBe(true);
    }
    for (const text of [' leading', 'trailing ', 'two\nlines', 'a\ttab', 'nul\u0000', 'bell\u0007']) {
      expect(RESERVATION_DESCRIPTION_PATTERN.test(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('keeps a time zone in its canonical IANA spelling and refuses what is no zone name', () => {
    expect(timeZoneSchema.parse('europe/paris')).toBe('Europe/Paris');
    expect(timeZoneSchema.parse('UTC')).toBe('UTC');
    expect(timeZoneSchema.parse('')).toBeNull();
    expect(timeZoneSchema.parse(null)).toBeNull();
    for (const zone of ['Mars/Olympus', '+01:00', 'Europe/Paris; DROP', '../etc/passwd', 'x'.repeat(65)]) {
      const refused = timeZoneSchema.safeParse(zone);
      expect(refused.success, zone).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
    }
  });
});
