// Parses one SSH public key line with a real parser (sshpk), so that only a key OpenSSH would accept is
// stored and restored on devices, and fingerprints it the way `ssh-keygen -l` does.
import sshpk from 'sshpk';
import { SSH_KEY_MAX_LENGTH, SSH_RSA_MIN_BITS, messages, splitSshKeyLine, type SshKeyType } from '@testbed/contract';
import { AppError } from '../../errors.js';

export interface ParsedSshKey {
  type: SshKeyType;
  /** `<type> <base64> [comment]` with single spaces. */
  normalisedLine: string;
  /** `SHA256:<unpadded base64>`, as OpenSSH prints it. */
  fingerprint: string;
  bits: number;
}

export const invalidSshKey = () =>
  new AppError('validation', messages.INVALID_SSH_KEY, { fieldErrors: { sshKey: [messages.INVALID_SSH_KEY] } });

/** The OpenSSH type name that a parsed key really is, whatever the line announced. */
function opensshTypeOf(key: sshpk.Key): string | null {
  switch (key.type) {
    case 'ed25519':
      return 'ssh-ed25519';
    case 'rsa':
      return 'ssh-rsa';
    case 'dsa':
      return 'ssh-dss';
    case 'ecdsa':
      return `ecdsa-sha2-${String(key.curve)}`;
    default:
      return null;
  }
}

/** Parses the line or throws 'Invalid SSH key.' (400) for anything else. */
export function parseSshPublicKey(input: unknown): ParsedSshKey {
  // Bound the work before anything else: a key line is a few kilobytes at most.
  if (typeof input !== 'string' || input.length > SSH_KEY_MAX_LENGTH * 2) throw invalidSshKey();
  const parts = splitSshKeyLine(input.trim());
  if (!parts) throw invalidSshKey();

  const blob = Buffer.from(parts.base64, 'base64');
  // Node's decoder skips what it cannot read; only canonical base64 round-trips.
  if (parts.base64.length % 4 !== 0 || blob.toString('base64') !== parts.base64) throw invalidSshKey();

  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(`${parts.type} ${parts.base64}`, 'ssh');
  } catch {
    throw invalidSshKey();
  }
  // The data must be exactly one key of the announced type: no trailing bytes, no other algorithm.
  if (opensshTypeOf(key) !== parts.type || !key.toBuffer('rfc4253').equals(blob)) throw invalidSshKey();
  if (key.type === 'rsa' && key.size < SSH_RSA_MIN_BITS) throw invalidSshKey();

  return {
    type: parts.type,
    normalisedLine: [parts.type, parts.base64, parts.comment].filter(Boolean).join(' '),
    fingerprint: key.fingerprint('sha256', 'ssh').toString('base64'),
    bits: key.size,
  };
}
