import { describe, expect, it } from 'vitest';
import { messages } from '@testbed/contract';
import { parseSshPublicKey } from './ssh-key.js';
import { makeTestKey, type TestKeyKind } from './ssh-test-keys.js';

function refusal(input: unknown): string | undefined {
  try {
    parseSshPublicKey(input);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('parseSshPublicKey', () => {
  const accepted: Array<[TestKeyKind, string]> = [
    ['ed25519', 'ssh-ed25519'],
    ['rsa2048', 'ssh-rsa'],
    ['p256', 'ecdsa-sha2-nistp256'],
    ['p384', 'ecdsa-sha2-nistp384'],
    ['p521', 'ecdsa-sha2-nistp521'],
    ['dsa', 'ssh-dss'],
  ];
  it.each(accepted)('accepts a real %s public key and fingerprints it as ssh-keygen does', (kind, type) => {
    const key = makeTestKey(kind);
    const parsed = parseSshPublicKey(key.publicLine);
    expect(parsed.type).toBe(type);
    expect(parsed.normalisedLine).toBe(key.publicLine);
    expect(parsed.fingerprint).toBe(key.fingerprint);
    expect(parsed.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('trims the line, drops the final newline of a .pub file and collapses blanks', () => {
    const key = makeTestKey('ed25519', 'bob@host.example.org');
    const [type, data, comment] = key.publicLine.split(' ');
    const parsed = parseSshPublicKey(`  \n${type}\t ${data}   ${comment}\r\n`);
    expect(parsed.normalisedLine).toBe(key.publicLine);
  });

  it('accepts a key without a comment and a comment of several words', () => {
    const key = makeTestKey('ed25519');
    expect(parseSshPublicKey(key.bareLine).normalisedLine).toBe(key.bareLine);
    expect(parseSshPublicKey(`${key.bareLine} work laptop (2026)`).normalisedLine).toBe(`${key.bareLine} work laptop (2026)`);
  });

  it('gives the same fingerprint whatever the comment', () => {
    const key = makeTestKey('p256');
    expect(parseSshPublicKey(`${key.bareLine} other@place`).fingerprint).toBe(parseSshPublicKey(key.publicLine).fingerprint);
  });

  it('refuses a 1024-bit RSA key', () => {
    expect(refusal(makeTestKey('rsa1024').publicLine)).toBe(messages.INVALID_SSH_KEY);
  });

  it('refuses private keys, in PEM and in OpenSSH format', () => {
    const key = makeTestKey('ed25519');
    expect(key.privatePem).toContain('PRIVATE KEY');
    expect(key.privateOpenssh).toContain('OPENSSH PRIVATE KEY');
    expect(refusal(key.privatePem)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(key.privateOpenssh)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(makeTestKey('rsa2048').privatePem)).toBe(messages.INVALID_SSH_KEY);
  });

  it('refuses authorized_keys options before the key', () => {
    const line = makeTestKey('ed25519').publicLine;
    expect(refusal(`command="rm -rf /" ${line}`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`no-pty ${line}`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`no-port-forwarding,from="10.0.0.1" ${line}`)).toBe(messages.INVALID_SSH_KEY);
  });

  it('refuses several lines, even of valid keys', () => {
    const first = makeTestKey('ed25519').publicLine;
    const second = makeTestKey('ed25519').publicLine;
    expect(refusal(`${first}\n${second}`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`${first}\r${second}`)).toBe(messages.INVALID_SSH_KEY);
  });

  it('refuses a comment that could smuggle a second line or control characters', () => {
    const bare = makeTestKey('ed25519').bareLine;
    expect(refusal(`${bare} alice@lab\u2028ssh-rsa AAAA`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`${bare} alice\u0007@lab`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`${bare} alice\u001b[31m@lab`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`${bare} "quoted"`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`${bare} ${'a'.repeat(201)}`)).toBe(messages.INVALID_SSH_KEY);
  });

  it('refuses data that is not a key of the announced type', () => {
    const ed = makeTestKey('ed25519');
    const rsa = makeTestKey('rsa2048');
    const edData = ed.bareLine.split(' ')[1]!;
    const rsaData = rsa.bareLine.split(' ')[1]!;
    expect(refusal(`ssh-rsa ${edData}`)).toBe(messages.INVALID_SSH_KEY);
    expect(refusal(`ssh-ed25519 ${rsaData}`)).toBe(messages.INVALID_SSH_KEY);
    const p256Data = makeTestKey('p256').bareLine.split(' ')[1]!;
    expect(refusal(`ecdsa-sha2-nistp384 ${p256Data}`)).toBe(messages.INVALID_SSH_KEY);
    // Truncated data, data with trailing bytes, non-canonical base64.
    expect(refusal(`ssh-ed25519 ${edData.slice(0, 40)}`)).toBe(messages.INVALID_SSH_KEY);
    const padded = Buffer.concat([Buffer.from(edData, 'base64'), Buffer.from([0, 0, 0, 1, 65])]).toString('base64');
    expect(refusal(`ssh-ed25519 ${padded}`)).toBe(messages.INVALID_SSH_KEY);
    // A P-256 blob is 104 bytes: its base64 ends with one '=' and its last letter carries 2 unused bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    expect(p256Data).toMatch(/[^=]=$/);
    const last = p256Data.at(-2)!;
    const nonCanonical = `${p256Data.slice(0, -2)}${alphabet[alphabet.indexOf(last) ^ 1]}=`;
    expect(Buffer.from(nonCanonical, 'base64')).toEqual(Buffer.from(p256Data, 'base64'));
    expect(refusal(`ecdsa-sha2-nistp256 ${nonCanonical}`)).toBe(messages.INVALID_SSH_KEY);
  });

  it('refuses garbage, unsupported types, empty and over-long input', () => {
    for (const input of [
      '',
      '   ',
      'hello world',
      'ssh-ed25519',
      'ssh-ed25519 !!!notbase64!!!',
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI',
      `ssh-xmss@openssh.com ${Buffer.from('x').toString('base64')}`,
      `sk-ssh-ed25519@openssh.com ${makeTestKey('ed25519').bareLine.split(' ')[1]}`,
      `${makeTestKey('ed25519').publicLine} ${'x'.repeat(10_000)}`,
      'ssh-rsa ' + 'A'.repeat(100_000),
      42,
      null,
    ]) {
      expect(refusal(input), String(input).slice(0, 40)).toBe(messages.INVALID_SSH_KEY);
    }
  });
});
