import { describe, expect, it } from 'vitest';
import { detectImageType, registrationMessages, signupFormSchema } from './registration.js';

const messagesOf = (input: unknown) => {
  const result = signupFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('sign-up form rules', () => {
  it('says the verifications differ while other fields are still empty', () => {
    const errors = messagesOf({ email: 'a@b.org', reemail: 'c@d.org', password: 'Abcdef1!', repassword: 'Abcdef1?' });
    expect(errors.reemail).toBe(registrationMessages.EMAIL_MISMATCH);
    expect(errors.repassword).toBe(registrationMessages.PASSWORD_MISMATCH);
    expect(errors.firstname).toBe('First name is required');
  });

  it('compares emails without case and passwords exactly', () => {
    const errors = messagesOf({ email: 'Ada@Example.org', reemail: 'ada@example.org', password: 'Abcdef1!', repassword: 'abcdef1!' });
    expect(errors.reemail).toBeUndefined();
    expect(errors.repassword).toBe(registrationMessages.PASSWORD_MISMATCH);
  });

  it('does not fail on values of the wrong type', () => {
    expect(messagesOf({ email: 3, reemail: null, password: {}, repassword: [] }).email).toBeDefined();
  });
});

describe('detectImageType', () => {
  it('judges by content', () => {
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(detectImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(detectImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});
