// The command driver: a real testbed. Each device type has a flash command (an argument array that no
// shell parses, started behind a fixed gate script, its placeholders filled with names from the inventory
// and a status-file path chosen by the server); a node is ready when its SSH port accepts a TCP
// connection; a user's account is restored over SSH with the testbed's administration key by the restore
// command of the testbed file, which gets the user's keys on standard input.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { connect } from 'node:net';
import { Client } from 'ssh2';
import { isFlashingDoneLine } from '@testbed/contract';
import type { TestbedFile } from './testbed-file.js';
import { fileExists } from '../files.js';
import { claimStatusFile, type DeviceAddress, type DeviceState, type FlashProgress, type FlashTarget, type NodeAccount, type TestbedDriver } from './driver.js';

type CommandSection = NonNullable<TestbedFile['command']>;

const STDERR_KEPT = 2000;
/** A restore command that has not finished by then is given up (the job tries again until its deadline). */
const RESTORE_TIMEOUT_MS = 120_000;

interface RunningFlash {
  child: ChildProcess;
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
}

const SH = '/bin/sh';
/**
 * The gate a flash command is started behind: a fixed script, never its arguments, read by the shell. It waits
 * for GATE_OPEN on its standard input, then becomes the command (exec: same process, same exit status), which
 * gets its arguments as they are ("$0" "$@" expand without any parsing). End of input without it: nothing runs.
 */
const GATE = 'IFS= read -r gate && [ "$gate" = open ] && exec "$0" "$@"';
const GATE_OPEN = 'open\n';

/**
 * Throws, as spawn() would (ENOENT, EACCES), when the program cannot be run: behind the gate, the shell would
 * only tell it by an exit status once the flash had been recorded as begun.
 */
function assertExecutable(program: string, path = ''): void {
  const candidates = program.includes('/') ? [program] : path.split(':').filter(Boolean).map((folder) => join(folder, program));
  let failure: unknown;
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return;
    } catch (error) {
      failure ??= error;
    }
  }
  throw failure instanceof Error ? failure : Object.assign(new Error(`spawn ${program} ENOENT`), { code: 'ENOENT' });
}

/** Fills the placeholders of an argument array; each argument stays one argument whatever it holds. */
export function fillCommand(command: readonly string[], values: Record<string, string>): string[] {
  return command.map((argument) => argument.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole));
}

/** One argument quoted for the POSIX shell that an SSH server runs a command with. */
export function shellQuote(argument: string): string {
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}

/** How far a status file has been read by this process: its complete lines are counted, never read twice. */
interface StatusCursor {
  /** The byte after the last complete line read. */
  offset: number;
  /** Non-empty complete lines before `offset`. */
  count: number;
  /** The newest of them. */
  last: string | null;
}

const START: StatusCursor = { offset: 0, count: 0, last: null };

/**
 * Reads the status file on from a cursor: its complete non-empty lines after it (the first of them is line
 * number `cursor.count - lines.length` of the file, from 0), the cursor after them and the unfinished last line
 * (trimmed, '' when none). A missing file reads as empty.
 */
export async function readStatusLines(path: string, from: StatusCursor = START): Promise<{ lines: string[]; cursor: StatusCursor; tail: string }> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], cursor: from, tail: '' };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    // A file cut shorter than what was read (rewritten): read again from its start.
    const start = size < from.offset ? START : from;
    const buffer = Buffer.alloc(size - start.offset);
    if (buffer.length > 0) await handle.read(buffer, 0, buffer.length, start.offset);
    // Cut after the last newline byte, so that a character is never split.
    const end = buffer.lastIndexOf(0x0a) + 1;
    const lines = buffer.subarray(0, end).toString('utf8').split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
    const tail = buffer.subarray(end).toString('utf8').trim();
    const cursor = { offset: start.offset + end, count: start.count + lines.length, last: lines.at(-1) ?? start.last };
    return { lines, cursor, tail };
  } finally {
    await handle.close();
  }
}

/** What a flash command inherits of the server's environment: no secret (database URL, JWT key ...) goes along. */
function commandEnvironment(): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR']) if (process.env[name] !== undefined) kept[name] = process.env[name];
  return kept;
}

export class CommandDriver implements TestbedDriver {
  readonly kind = 'command' as const;
  readonly sshJumpHost?: string;
  readonly flashTimeoutMs: number;
  private readonly settings: CommandSection;
  private readonly flashCommands = new Map<string, string[]>();
  private readonly sshPorts = new Map<string, number>();
  private readonly known = new Set<string>();
  private states?: readonly DeviceState[];
  private readonly running = new Map<string, RunningFlash>();
  /** How far this process has read each running flash's status file. */
  private readonly cursors = new Map<string, StatusCursor>();
  private adminKey?: Promise<Buffer>;

  constructor(testbed: TestbedFile) {
    // The schema refuses a command testbed without these; the check keeps the types honest.
    if (!testbed.command) throw new Error('the command driver needs the command section of the testbed file');
    this.settings = testbed.command;
    this.flashTimeoutMs = (testbed.flashTimeoutSeconds ?? 1800) * 1000;
    this.sshJumpHost = testbed.sshJumpHost;
    for (const type of testbed.deviceTypes) {
      if (type.flashCommand) this.flashCommands.set(type.name, type.flashCommand);
      for (const device of type.devices) {
        this.known.add(device.mac);
        this.sshPorts.set(device.mac, device.sshPort ?? this.settings.sshPort);
      }
    }
  }

  /** A device is up when the testbed file lists it; whether it answers is asked when it matters (checkReady). */
  isUp(mac: string): boolean {
    return this.known.has(mac.toLowerCase());
  }

  deviceStates(): readonly DeviceState[] {
    // The testbed file's devices are all taken as up; a device being flashed is down (flashing module).
    this.states ??= [...this.known].map((mac) => ({ mac, up: true }));
    return this.states;
  }

  async flash(target: FlashTarget): Promise<void> {
    const command = this.flashCommands.get(target.deviceType);
    if (!command) throw new Error(`no flash command for device type ${target.deviceType}`);
    const [program, ...args] = fillCommand(command, {
      mac: target.mac,
      ip: target.ip,
      image: target.image,
      // A user image's file; empty for an operator's image, which the command finds by its name.
      imageFile: target.imageFile ?? '',
      statusFile: target.statusFile,
    });
    const env = commandEnvironment();
    assertExecutable(program!, env.PATH);
    await mkdir(dirname(target.statusFile), { recursive: true });
    const child = spawn(SH, ['-c', GATE, program!, ...args], { shell: false, stdio: ['pipe', 'ignore', 'pipe'], env });
    const running: RunningFlash = { child, stderr: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      running.stderr = (running.stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    // A gate that died early reports through its exit; its closed pipe must not throw here.
    child.stdin?.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    // The status file is created before the command runs: an instance that takes the job over after this
    // one was killed sees the flash began (flashBegan) and follows it instead of flashing the device again.
    // The process already exists (the slow part, fork, is behind us) and waits at its gate; creating the
    // file and opening the gate are a few system calls in one synchronous stretch. A kill before that stretch
    // closes the gate's pipe, so the command never runs and nothing is recorded: the job is flashed once by
    // the instance that takes it over. A kill after it leaves the command running, followed through the file.
    // Only a kill inside the stretch can leave a flash recorded that never ran (it fails at the deadline).
    if (!claimStatusFile(target.statusFile)) {
      child.stdin?.end();
      return;
    }
    child.stdin?.end(GATE_OPEN);
    child.once('exit', (code, signal) => (running.exit = { code, signal }));
    this.running.set(target.handle, running);
  }

  flashBegan(target: FlashTarget): Promise<boolean> {
    return fileExists(target.statusFile);
  }

  async flashStatus(target: FlashTarget, after = 0): Promise<FlashProgress> {
    // Whether the command has ended is read before the file, so a line written just before the end is seen.
    const running = this.running.get(target.handle);
    const ended = running?.exit !== undefined;
    // A cursor of this process past what the caller has (another instance kept fewer lines) is not used.
    const known = this.cursors.get(target.handle);
    const read = await readStatusLines(target.statusFile, known && known.count <= after ? known : undefined);
    this.cursors.set(target.handle, read.cursor);
    const startSeconds = Math.floor(target.startedAt.getTime() / 1000);
    const all = [...read.lines];
    // An unfinished last line counts once the command has ended, or when it is the end of the flash (the state
    // moves on and the file is not read again).
    if (read.tail && (ended || isFlashingDoneLine(read.tail, startSeconds))) all.push(read.tail);
    const first = read.cursor.count - read.lines.length;
    const lines = all.slice(Math.max(0, after - first));
    const line = read.tail || read.cursor.last;
    if (!running?.exit || !ended) return { line, lines };
    this.running.delete(target.handle);
    this.cursors.delete(target.handle);
    if (line && isFlashingDoneLine(line, startSeconds)) return { line, lines };
    const { code, signal } = running.exit;
    const detail = running.stderr.trim().split('\n').at(-1);
    const how = signal ? `was stopped by ${signal}` : code === 0 ? "ended without 'Flashing done'" : `exited with code ${code}`;
    return { line, lines, failure: `The flash command ${how}${detail ? `: ${detail}` : ''}` };
  }

  abortFlash(target: FlashTarget): void {
    const running = this.running.get(target.handle);
    if (running && !running.exit) running.child.kill('SIGTERM');
    this.running.delete(target.handle);
    this.cursors.delete(target.handle);
  }

  checkReady(device: DeviceAddress): Promise<string> {
    const port = this.sshPorts.get(device.mac) ?? this.settings.sshPort;
    return new Promise((resolve) => {
      const socket = connect({ host: device.ip, port });
      socket.setTimeout(this.settings.connectTimeoutSeconds * 1000);
      socket.once('connect', () => {
        socket.destroy();
        resolve('0');
      });
      socket.once('timeout', () => {
        socket.destroy();
        resolve('ETIMEDOUT');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  }

  async restoreAccount(device: DeviceAddress, account: NodeAccount, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.adminKey ??= readFile(this.settings.adminKeyPath);
    const privateKey = await this.adminKey.catch((error: Error) => {
      this.adminKey = undefined;
      throw new Error(`cannot read the administration key: ${error.message}`);
    });
    const command = fillCommand(this.settings.restoreCommand, { username: account.username }).map(shellQuote).join(' ');
    const client = new Client();
    // A node that stops answering mid-command must not hold the job's step for ever.
    const timer = setTimeout(() => client.destroy(), RESTORE_TIMEOUT_MS);
    // The job's reservation ended: the connection is cut, whatever the command has done so far.
    const abort = () => client.destroy();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('ready', resolve);
        client.once('error', reject);
        client.once('close', () => reject(new Error('the node closed the connection before it was ready')));
        client.connect({
          host: device.ip,
          port: this.sshPorts.get(device.mac) ?? this.settings.sshPort,
          username: this.settings.adminUser,
          privateKey,
          readyTimeout: this.settings.connectTimeoutSeconds * 1000,
        });
      });
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        client.exec(command, (error, stream) => {
          if (error) return reject(error);
          let stderr = '';
          let code: number | null = null;
          stream.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT)));
          stream.on('data', () => undefined);
          stream.on('exit', (exitCode: number | null) => (code = exitCode));
          stream.on('close', () => resolve({ code, stderr }));
          client.once('close', () => reject(new Error('the node closed the connection before the restore command ended')));
          stream.end(account.sshKeys.map((key) => `${key}\n`).join(''));
        });
      });
      if (code !== 0) throw new Error(`the restore command exited with code ${code}${stderr.trim() ? `: ${stderr.trim()}` : ''}`);
      signal?.throwIfAborted();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      client.end();
    }
  }

  close(): void {
    // Flashes keep running when the server stops; after a restart their status files are still followed.
    this.running.clear();
  }
}
