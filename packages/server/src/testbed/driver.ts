// The testbed driver: the one place the portal asks about and acts on the physical devices.
// The simulator answers from the testbed file; the command driver runs the per-type commands of the file
// and reaches the nodes over TCP and SSH (create-driver.ts picks one). Devices are named by their MAC address,
// as in the inventory.
import { closeSync, openSync } from 'node:fs';
import type { TestbedFile } from './testbed-file.js';

export interface DeviceState {
  mac: string;
  up: boolean;
}

/** A device as the inventory knows it. */
export interface DeviceAddress {
  mac: string;
  ip: string;
  deviceType: string;
}

/** One flash of a device, as the flashing pipeline stores it. */
export interface FlashTarget extends DeviceAddress {
  /** The job's handle: names the flash for the driver across server restarts. */
  handle: string;
  /** The operator image's name, or the user image's name and version. */
  image: string;
  /** A user image: the local file to write (under DATA_DIR/images) and its SHA-256. */
  imageFile?: string;
  imageSha256?: string;
  /** The status file, chosen by the server under its data folder (never by a client). */
  statusFile: string;
  startedAt: Date;
}

export interface FlashProgress {
  /** The newest status line 'date : text', or null before the first. */
  line: string | null;
  /**
   * Every status line written after the first `after` ones (see flashStatus), in the order written: the
   * job's log keeps them all, however many fell between two looks.
   */
  lines: string[];
  /** Set when the flash ended without 'Flashing done' (the command failed, the device refused ...). */
  failure?: string;
}

/** The account to put on a flashed node: its name and exactly these SSH public keys. */
export interface NodeAccount {
  username: string;
  sshKeys: string[];
}

export interface TestbedDriver {
  /** 'simulator' or 'command', as named by the testbed file. */
  readonly kind: TestbedFile['driver'];
  /** Whether the device answers; an unknown device is down. */
  isUp(mac: string): boolean | Promise<boolean>;
  /**
   * The state of every device the driver knows, in one call (the device lists need them all). The same
   * array comes back, never changed in place, for as long as no state changed: the device lists rebuild
   * their reply only when it is a new one.
   */
  deviceStates(): readonly DeviceState[] | Promise<readonly DeviceState[]>;
  /**
   * Starts flashing; the status file then receives 'date : text' lines ending with 'Flashing done'. The start
   * is recorded where every instance sharing the data folder sees it, before the flash itself begins; a
   * target whose flash already began is not flashed again.
   */
  flash(target: FlashTarget): Promise<void>;
  /**
   * Whether flash() already began for this target, in this process or in another one (even one killed since):
   * a job still recorded as pending may have been started by an instance that died before recording it.
   */
  flashBegan(target: FlashTarget): Promise<boolean>;
  /**
   * Where the flash stands, with the status lines after the first `after` (0 by default); also called for a
   * flash started before a server restart.
   */
  flashStatus(target: FlashTarget, after?: number): Promise<FlashProgress>;
  /**
   * Stops a flash that ran out of time or whose reservation ended, when it is still running in this process
   * (elsewhere it does nothing: every instance is told, the one running it stops it).
   */
  abortFlash(target: FlashTarget): void;
  /** The connection result of the node's SSH port: '0' when ready, else what went wrong. */
  checkReady(device: DeviceAddress): Promise<string>;
  /**
   * Creates or updates the account on the node with exactly the given SSH keys; throws on failure, and when
   * `signal` aborts (the job's reservation ended) before the account is in place.
   */
  restoreAccount(device: DeviceAddress, account: NodeAccount, signal?: AbortSignal): Promise<void>;
  /** How long a flash job may take before it fails. */
  readonly flashTimeoutMs: number;
  /**
   * Why a device counts as down although it answers (e.g. 'quarantined (reason)'), for the messages that
   * refuse it; undefined when it is simply down or up.
   */
  unavailableReason?(mac: string): Promise<string | undefined>;
  /** The testbed file's jump host (`ssh -J`) for reaching the nodes, when it names one. */
  readonly sshJumpHost?: string;
  /** Releases what the driver holds (running commands are left to finish). */
  close?(): Promise<void> | void;
}

/** A status line as the drivers write it: an ISO 8601 date, the separator, the text. */
export function statusLine(at: Date, text: string): string {
  return `${at.toISOString()} : ${text}`;
}

/**
 * Creates a flash's status file, empty, unless it exists; answers whether this call created it. The file is
 * the record that the flash began: created before anything flashes, atomically ('wx'), under the data folder
 * that every instance shares (its folder must exist), and it outlives a killed server. Only the caller that
 * creates it flashes. Synchronous, so that a caller starts the flash in the same turn of the event loop and
 * a kill can hardly fall between the record and the start (see CommandDriver.flash).
 */
export function claimStatusFile(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
