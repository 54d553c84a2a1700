// The simulated testbed: devices are up or down as the testbed file says (`up`, default true), and a
// flash is a schedule computed from its start time, so that no timer runs per job and a flash started
// before a restart carries on after it. The status lines are written to the job's status file as they
// fall due, like a real flash command would. Which flashes fail or hang is drawn from the job's handle
// with the rates of the testbed file, so that the failure paths are seen.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TestbedFile } from './testbed-file.js';
import { fileExists } from '../files.js';
import { claimStatusFile, statusLine, type DeviceAddress, type DeviceState, type FlashProgress, type FlashTarget, type NodeAccount, type TestbedDriver } from './driver.js';

/** The stages of a simulated flash, at a share of its duration. */
const STAGES: Array<{ at: number; text: (target: FlashTarget) => string }> = [
  { at: 0, text: (target) => `Flashing started: image ${target.image} on ${target.mac}` },
  { at: 0.1, text: () => 'Erasing the storage' },
  { at: 0.4, text: (target) => `Writing image ${target.image}` },
  { at: 0.8, text: () => 'Verifying the image' },
  { at: 1, text: () => 'Flashing done' },
];
const FAILURE_AT = 0.6;
const FAILURE_TEXT = 'Flashing failed: the image could not be written';
const ABORTED_TEXT = 'The flash was stopped.';
/** A hanging flash stops after the stage that writes the image. */
const HANG_AFTER = 3;

export interface RestoredAccount extends NodeAccount {
  at: Date;
}

type Outcome = 'done' | 'failed' | 'hang';

export class SimulatorDriver implements TestbedDriver {
  readonly kind = 'simulator' as const;
  readonly flashTimeoutMs: number;
  private readonly up = new Map<string, boolean>();
  private states?: readonly DeviceState[];
  private readonly flashMs: number;
  /** How long a node takes to boot after its flash. */
  private readonly bootMs: number;
  private readonly failureRate: number;
  /** Devices whose failure rate the testbed file sets apart from the testbed's. */
  private readonly deviceFailureRates = new Map<string, number>();
  readonly sshJumpHost?: string;
  private readonly hangRate: number;
  /** Lines already in each job's status file. */
  private readonly written = new Map<string, number>();
  /** When a freshly flashed node starts answering. */
  private readonly readyAt = new Map<string, number>();
  private readonly accounts = new Map<string, RestoredAccount>();
  /** The flashes told to stop (by their handles): they write nothing more and end as failed. */
  private readonly aborted = new Set<string>();

  constructor(testbed: TestbedFile, private readonly now: () => number = Date.now) {
    for (const type of testbed.deviceTypes) {
      for (const device of type.devices) {
        this.up.set(device.mac.toLowerCase(), device.up);
        if (device.failureRate !== undefined) this.deviceFailureRates.set(device.mac.toLowerCase(), device.failureRate);
      }
    }
    this.flashMs = testbed.simulator.flashSeconds * 1000;
    this.bootMs = (testbed.simulator.bootSeconds ?? Math.min(5, testbed.simulator.flashSeconds / 10)) * 1000;
    this.failureRate = testbed.simulator.failureRate;
    this.hangRate = testbed.simulator.hangRate;
    this.sshJumpHost = testbed.sshJumpHost;
    this.flashTimeoutMs = (testbed.flashTimeoutSeconds ?? Math.max(60, 4 * testbed.simulator.flashSeconds)) * 1000;
  }

  isUp(mac: string): boolean {
    return this.up.get(mac.toLowerCase()) ?? false;
  }

  deviceStates(): readonly DeviceState[] {
    this.states ??= [...this.up].map(([mac, up]) => ({ mac, up }));
    return this.states;
  }

  /** Takes a known device down or brings it back; an unknown MAC is refused. */
  setUp(mac: string, up: boolean): void {
    const key = mac.toLowerCase();
    if (!this.up.has(key)) throw new Error(`unknown device ${mac}`);
    this.up.set(key, up);
    this.states = undefined;
  }

  async flash(target: FlashTarget): Promise<void> {
    if (!this.isUp(target.mac)) throw new Error(`device ${target.mac} does not answer`);
    // A user image is read as a real flash would: its file must be there, with the checksum it was stored with.
    if (target.imageFile) await checkImageFile(target.imageFile, target.imageSha256);
    // The status file records the start, as with the command driver (claimStatusFile): another instance on
    // the same data folder, or this one after a restart, follows this flash and does not start it again.
    await mkdir(dirname(target.statusFile), { recursive: true });
    if (!claimStatusFile(target.statusFile)) return;
    this.readyAt.set(target.mac, Number.POSITIVE_INFINITY);
    await this.flashStatus(target);
  }

  flashBegan(target: FlashTarget): Promise<boolean> {
    return fileExists(target.statusFile);
  }

  async flashStatus(target: FlashTarget, after = 0): Promise<FlashProgress> {
    if (this.aborted.has(target.handle)) return { line: null, lines: [], failure: ABORTED_TEXT };
    const start = target.startedAt.getTime();
    const elapsed = (this.now() - start) / this.flashMs;
    const outcome = this.outcome(target.handle, target.mac);
    const lines: string[] = [];
    let failure: string | undefined;
    for (const [index, stage] of STAGES.entries()) {
      if (outcome === 'hang' && index >= HANG_AFTER) break;
      if (outcome === 'failed' && stage.at > FAILURE_AT) {
        if (elapsed >= FAILURE_AT) {
          lines.push(statusLine(new Date(start + FAILURE_AT * this.flashMs), FAILURE_TEXT));
          failure = FAILURE_TEXT;
        }
        break;
      }
      if (elapsed < stage.at) break;
      lines.push(statusLine(new Date(start + stage.at * this.flashMs), stage.text(target)));
    }
    if (lines.length === STAGES.length) this.readyAt.set(target.mac, start + this.flashMs + this.bootMs);
    if (lines.length !== this.written.get(target.handle)) {
      await mkdir(dirname(target.statusFile), { recursive: true });
      await writeFile(target.statusFile, lines.map((line) => `${line}\n`).join(''));
      this.written.set(target.handle, lines.length);
    }
    if (failure || lines.length === STAGES.length) this.written.delete(target.handle);
    return { line: lines.at(-1) ?? null, lines: lines.slice(after), failure };
  }

  abortFlash(target: FlashTarget): void {
    // Only a flash that began in this process runs here, as with the command driver's processes.
    if (!this.written.has(target.handle)) return;
    this.written.delete(target.handle);
    this.aborted.add(target.handle);
  }

  /** Whether this process stopped the flash, for tests. */
  wasAborted(handle: string): boolean {
    return this.aborted.has(handle);
  }

  async checkReady(device: DeviceAddress): Promise<string> {
    if (!this.isUp(device.mac)) return 'EHOSTUNREACH';
    const readyAt = this.readyAt.get(device.mac);
    if (readyAt !== undefined && this.now() < readyAt) return 'ECONNREFUSED';
    return '0';
  }

  async restoreAccount(device: DeviceAddress, account: NodeAccount, signal?: AbortSignal): Promise<void> {
    if ((await this.checkReady(device)) !== '0') throw new Error(`node ${device.ip} does not accept connections`);
    signal?.throwIfAborted();
    this.accounts.set(device.mac, { username: account.username, sshKeys: [...account.sshKeys], at: new Date(this.now()) });
  }

  /** The account last restored on a device, for tests and the benchmark. */
  restoredAccount(mac: string): RestoredAccount | undefined {
    return this.accounts.get(mac.toLowerCase());
  }

  private outcome(handle: string, mac: string): Outcome {
    const draw = createHash('sha256').update(handle).digest().readUInt32BE(0) / 2 ** 32;
    const failureRate = this.deviceFailureRates.get(mac.toLowerCase()) ?? this.failureRate;
    if (draw < failureRate) return 'failed';
    if (draw < failureRate + this.hangRate) return 'hang';
    return 'done';
  }
}

/** Reads the whole file, streaming; throws when it is missing or its SHA-256 is not the expected one. */
async function checkImageFile(path: string, sha256: string | undefined): Promise<void> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    throw new Error(`the image file cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
  const actual = hash.digest('hex');
  if (sha256 && actual !== sha256) throw new Error(`the image file's SHA-256 is ${actual}, not ${sha256}`);
}
