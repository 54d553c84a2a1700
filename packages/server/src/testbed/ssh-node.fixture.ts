// A flashed node for tests: a real SSH server (ssh2's Server) on a free loopback port. It lets the
// testbed's administration key in as the administrator, runs the restore command the way a node's
// script would (the account gets exactly the keys read on standard input), and then lets a user in only
// with a key of their authorized_keys.
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client, Server, utils, type ParsedKey } from 'ssh2';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/**
 * A fresh ed25519 key pair: OpenSSH private key and the one-line public key. ssh2's generator strips the
 * leading zero bytes of a public key that starts with one (about 1 key in 256), and its own parser then
 * refuses the pair (mscdex/ssh2 issues 1390 and 1513): such a pair is drawn again.
 */
export function newKeyPair(comment: string): KeyPair {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519', { comment });
    if (!(utils.parseKey(pair.private) instanceof Error) && !(utils.parseKey(pair.public) instanceof Error)) {
      return { privateKey: pair.private, publicKey: pair.public.trim() };
    }
  }
}

function parsed(key: string): ParsedKey {
  const result = utils.parseKey(key);
  if (result instanceof Error) throw result;
  return Array.isArray(result) ? (result[0] as ParsedKey) : result;
}

/** The words of a command line quoted with single quotes, as the command driver sends it. */
function splitQuoted(command: string): string[] {
  const words: string[] = [];
  const pattern = /'((?:[^']|'\\'')*)'/g;
  for (const match of command.matchAll(pattern)) words.push(match[1]!.replace(/'\\''/g, "'"));
  return words;
}

export interface SshNode {
  port: number;
  /** The authorized_keys of each account, as the restore command left them. */
  accounts: Map<string, string[]>;
  /** Every command the administrator ran, as received. */
  commands: string[];
  close(): Promise<void>;
}

export async function startSshNode(options: {
  adminUser: string;
  adminPublicKey: string;
  restoreProgram: string;
  /** A loopback address of its own (127.x.y.z), so that several nodes look like several hosts. */
  host?: string;
}): Promise<SshNode> {
  const hostKey = newKeyPair('host').privateKey;
  const admin = parsed(options.adminPublicKey);
  const accounts = new Map<string, string[]>();
  const commands: string[] = [];

  const keyMatches = (allowed: ParsedKey, ctx: { key: { algo: string; data: Buffer }; signature?: Buffer; blob?: Buffer; hashAlgo?: string }) => {
    const wanted = allowed.getPublicSSH();
    if (ctx.key.algo !== allowed.type || ctx.key.data.length !== wanted.length || !timingSafeEqual(ctx.key.data, wanted)) return false;
    // Without a signature the client only asks whether the key would do; with one, it proves it holds it.
    return !ctx.signature || allowed.verify(ctx.blob!, ctx.signature, ctx.hashAlgo);
  };

  const clients = new Set<{ end(): void }>();
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    let user = '';
    client.on('authentication', (ctx) => {
      user = ctx.username;
      if (ctx.method !== 'publickey') return ctx.reject(['publickey']);
      const allowed = ctx.username === options.adminUser ? [admin] : (accounts.get(ctx.username) ?? []).map(parsed);
      if (allowed.some((key) => keyMatches(key, ctx))) return ctx.accept();
      return ctx.reject(['publickey']);
    });
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('exec', (acceptExec, _reject, info) => {
          const stream = acceptExec();
          if (user !== options.adminUser) {
            stream.stderr.write('permission denied\n');
            stream.exit(1);
            stream.end();
            return;
          }
          commands.push(info.command);
          const [program, username] = splitQuoted(info.command);
          if (program !== options.restoreProgram || !username) {
            stream.stderr.write(`unknown command: ${info.command}\n`);
            stream.exit(127);
            stream.end();
            return;
          }
          let input = '';
          stream.on('data', (chunk: Buffer) => (input += chunk.toString('utf8')));
          stream.on('end', () => {
            accounts.set(username, input.split('\n').map((line) => line.trim()).filter(Boolean));
            stream.exit(0);
            stream.end();
          });
        });
      });
    });
    client.on('error', () => undefined);
  });

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    accounts,
    commands,
    // A connection still open would keep the server from closing: they are ended first.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const client of clients) client.end();
      }),
  };
}

/** Logs in to the node with a private key: resolves true when the server lets the user in. */
export function canLogIn(port: number, username: string, privateKey: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = new Client();
    client.once('ready', () => {
      client.end();
      resolve(true);
    });
    client.once('error', () => {
      client.end();
      resolve(false);
    });
    client.connect({ host: '127.0.0.1', port, username, privateKey, readyTimeout: 5000 });
  });
}
