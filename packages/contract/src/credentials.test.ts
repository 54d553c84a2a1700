import { describe, expect, it } from 'vitest';
import { addCredentialFormSchema, shortenSshKey, splitSshKeyLine } from './credentials.js';
import { messages } from './messages.js';

const DATA = 'AAAAC3NzaC1lZDI1NTE5AAAAIGjmPhIjdMfziWNFL+4wsS04TXE5yfaEtcF6dkmjhPcH';

describe('the SSH key form rule', () => {
  it('trims the line and accepts each supported type, with or without a comment', () => {
    for (const type of ['ssh-ed25519', 'ssh-rsa', 'ssh-dss', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521']) {
      expect(addCredentialFormSchema.parse({ sshKey: `  ${type} ${DATA} alice@lab\n` })).toEqual({ sshKey: `${type} ${DATA} alice@lab` });
      expect(addCredentialFormSchema.safeParse({ sshKey: `${type} ${DATA}` }).success).toBe(true);
    }
  });

  it("answers 'SSH key is required' for an empty field and 'Invalid SSH key.' for anything but one key line", () => {
    expect(addCredentialFormSchema.safeParse({ sshKey: '   ' }).error?.issues[0]?.message).toBe('SSH key is required');
    for (const bad of [
      'hello',
      `no-pty ssh-ed25519 ${DATA}`,
      `command="ls" ssh-ed25519 ${DATA}`,
      `ssh-ed25519 ${DATA}\nssh-ed25519 ${DATA}`,
      `ssh-ed25519 ${DATA} "quoted"`,
      `ssh-ed25519 ${DATA}!`,
      `sk-ssh-ed25519@openssh.com ${DATA}`,
      '-----BEGIN OPENSSH PRIVATE KEY-----',
    ]) {
      expect(addCredentialFormSchema.safeParse({ sshKey: bad }).error?.issues[0]?.message, bad).toBe(messages.INVALID_SSH_KEY);
    }
  });

  it('splits a line into type, data and a comment with its blanks collapsed', () => {
    expect(splitSshKeyLine(`ssh-ed25519\t${DATA}  work   laptop`)).toEqual({ type: 'ssh-ed25519', base64: DATA, comment: 'work laptop' });
  });

  it('shortens a key for a table cell, keeping its type, the end of its data and its comment', () => {
    expect(shortenSshKey(`ssh-ed25519 ${DATA} alice@lab`)).toBe(`ssh-ed25519 …${DATA.slice(-12)} alice@lab`);
  });
});
