// The embedded database (PGlite) belongs to one process: two processes writing one folder corrupt it (each
// keeps its own copy of the pages in memory). So whoever opens the folder first holds `<folder>.lock`, made
// with O_EXCL (one creator wins however many start at once) and naming the holder's process; a second start
// is refused at once with a sentence saying what to do. The file is beside the folder, not in it, because
// PGlite creates a database only in an empty folder and a restore goes into one.
//
// A holder that died without removing it (SIGKILL, a power cut) leaves the file behind; it is stale when its
// process is gone on this machine (no such pid, or a pid reused by a process started at another time, or
// another boot), and the next start takes it over. A holder on another machine (a folder on a network file
// system) cannot be checked: then the file is removed by hand, as the message says.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

interface Holder {
  pid: number;
  host: string;
  /** The process's start in clock ticks after boot (Linux), telling a reused pid from the holder. */
  start?: string;
  boot?: string;
  since: string;
}

export class FolderLockedError extends Error {
  constructor(
    public readonly folder: string,
    holder: Holder | undefined,
  ) {
    const who = holder ? ` (process ${holder.pid} on ${holder.host}, since ${holder.since})` : '';
    super(
      `The embedded database in ${folder} is already open in another portal process${who}. ` +
        `Only one process may open it: stop that one first, or run a second portal with a data folder of its own, ` +
        `e.g. DATA_DIR=./data-2 PORT=3001 npm start (several instances on one database need PostgreSQL: DATABASE_URL=postgres://...).` +
        (holder && holder.host !== hostname() ? ` If no process on ${holder.host} uses it any more, delete ${folder}.lock.` : ''),
    );
    this.name = 'FolderLockedError';
  }
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/PID/stat (its start time); the command name in field 2 may hold spaces, so count after it. */
function startOf(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id');

function isAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.boot && bootId() && holder.boot !== bootId()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists and belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startOf(holder.pid);
  return !(holder.start && start && holder.start !== start);
}

function readHolder(file: string): { text: string; holder?: Holder } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return { text, holder: JSON.parse(text) as Holder };
  } catch {
    // Being written this very moment, or damaged: judged on the next look.
    return { text };
  }
}

/**
 * Takes the folder for this process; answers the function that gives it back (also called as the process
 * exits, however it exits short of being killed). Throws FolderLockedError when a live process holds it.
 */
export function lockFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    start: startOf(process.pid),
    boot: bootId(),
    since: new Date().toISOString(),
  } satisfies Holder);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      const release = () => {
        process.removeListener('exit', release);
        if (readHolder(file)?.text === mine) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readHolder(file);
    if (!found) continue;
    if (!found.holder) {
      if (attempt < 4) continue;
      throw new FolderLockedError(folder, undefined);
    }
    if (isAlive(found.holder)) throw new FolderLockedError(folder, found.holder);
    // Stale: moved aside in one step, so that of several starts taking it over at once only one moves it.
    // If what was moved is not what was judged stale, another start took the folder in between: it goes back.
    const aside = `${file}.${process.pid}.stale`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved?.text !== found.text) {
      renameSync(aside, file);
      throw new FolderLockedError(folder, moved?.holder);
    }
    rmSync(aside, { force: true });
  }
  throw new FolderLockedError(folder, readHolder(file)?.holder);
}
