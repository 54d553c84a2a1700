// Rejection of common passwords: the contract's pattern is met by "Password1!", so the
// password is also compared with the list of the most used passwords of @zxcvbn-ts/language-common. The
// list is lower case; a common word dressed with capitals, digits or symbols at its ends is still common.
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

/** Shorter cores are too often part of a strong password to reject on their own. */
const MIN_CORE_LENGTH = 4;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const withoutTail = lower.replace(/[^\p{L}]+$/u, '');
  const core = withoutTail.replace(/^[^\p{L}]+/u, '');
  return [withoutTail, core].some((candidate) => candidate.length >= MIN_CORE_LENGTH && list.has(candidate));
}
