// Test support: real key pairs made with node:crypto and written as OpenSSH lines by sshpk, so tests
// use keys exactly as `ssh-keygen` users paste them.
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import sshpk from 'sshpk';

export type TestKeyKind = 'ed25519' | 'rsa2048' | 'rsa1024' | 'p256' | 'p384' | 'p521' | 'dsa';

function generate(kind: TestKeyKind): { publicKey: KeyObject; privateKey: KeyObject } {
  switch (kind) {
    case 'ed25519':
      return generateKeyPairSync('ed25519');
    case 'rsa2048':
      return generateKeyPairSync('rsa', { modulusLength: 2048 });
    case 'rsa1024':
      return generateKeyPairSync('rsa', { modulusLength: 1024 });
    case 'p256':
      return generateKeyPairSync('ec', { namedCurve: 'P-256' });
    case 'p384':
      return generateKeyPairSync('ec', { namedCurve: 'P-384' });
    case 'p521':
      return generateKeyPairSync('ec', { namedCurve: 'P-521' });
    case 'dsa':
      return generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 });
  }
}

export interface TestKey {
  /** `<type> <base64> <comment>`, as in a .pub file (without its final newline). */
  publicLine: string;
  /** The same line without its comment. */
  bareLine: string;
  /** SHA256:... computed here from the key blob, independently of the code under test. */
  fingerprint: string;
  /** The private key as PKCS#8 PEM. */
  privatePem: string;
  /** The private key in OpenSSH's own format (-----BEGIN OPENSSH PRIVATE KEY-----). */
  privateOpenssh: string;
}

export function makeTestKey(kind: TestKeyKind, comment = 'alice@lab'): TestKey {
  const { publicKey, privateKey } = generate(kind);
  const key = sshpk.parseKey(publicKey.export({ type: 'spki', format: 'pem' }), 'pem');
  key.comment = comment;
  const publicLine = key.toString('ssh');
  const [type, base64] = publicLine.split(' ') as [string, string];
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const privateOpenssh = sshpk.parsePrivateKey(privatePem, 'pem').toString('openssh');
  const digest = createHash('sha256').update(Buffer.from(base64, 'base64')).digest('base64').replace(/=+$/, '');
  return { publicLine, bareLine: `${type} ${base64}`, fingerprint: `SHA256:${digest}`, privatePem, privateOpenssh };
}
