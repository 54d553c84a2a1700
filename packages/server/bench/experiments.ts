// The experiments' budget: the portal's own overhead from submit to ready, minus the simulator's flash time, for
// an experiment of 10 devices started `now`. The compiled server runs as production runs it (a process of its own,
// on a database of its own, its runners ticking as configured), on a simulated testbed whose flashes take
// FLASH_SECONDS and whose nodes answer at once after them (bootSeconds 0), so that everything beyond the flash is
// the portal's: booking, the experiment's steps, the flash jobs' steps, the readiness checks, the accounts'
// restore. Each run submits through the API and reads the experiment every POLL_MS until it is ready.
import { generateKeyPairSync } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startOnFreePort, stopInstance } from '../test/instances.js';
import { withBenchServer } from './bench-server.js';
import { BENCH_PASSWORD } from './seed.js';

/** The simulator's flash of one device, in seconds: subtracted from submit-to-ready. */
export const FLASH_SECONDS = 2;
export const EXPERIMENT_DEVICES = 10;
/** Runs, each on devices of its own; the median is judged. */
export const EXPERIMENT_RUNS = 3;
/** The budget: the portal's overhead, submit to ready minus the flash. */
export const EXPERIMENT_OVERHEAD_BUDGET_MS = 2000;
const POLL_MS = 25;

export interface ExperimentMeasure {
  /** Submit to ready, each run. */
  totalsMs: number[];
  /** The median run's overhead: submit to ready minus FLASH_SECONDS. */
  overheadMs: number;
}

function ed25519PublicKeyLine(comment: string): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} ${comment}`;
}

export async function measureExperiments(log: (message: string) => void): Promise<ExperimentMeasure> {
  return withBenchServer('tp-bench-experiments-', async ({ env, dataDir }) => {
    const testbedFile = path.join(dataDir, 'testbed.json');
    const devices = EXPERIMENT_DEVICES * EXPERIMENT_RUNS;
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    await writeFile(
      testbedFile,
      JSON.stringify({
        driver: 'simulator',
        simulator: { flashSeconds: FLASH_SECONDS, bootSeconds: 0, failureRate: 0, hangRate: 0 },
        deviceTypes: [{ name: 'bench-node', images: ['bench-image'], devices: Array.from({ length: devices }, (_, d) => ({ mac: `02:20:00:00:00:${hex(d)}`, ip: `10.20.0.${d + 1}` })) }],
      }),
    );
    const instance = await startOnFreePort({ ...env, TESTBED_CONFIG: testbedFile }, 300_000);
    try {
      const api = async <T>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> => {
        const reply = await fetch(`${instance.url}${url}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: body !== undefined ? JSON.stringify(body) : undefined,
        });
        return { status: reply.status, body: (await reply.json()) as T };
      };
      const signin = await api<{ accessToken: string; userId: number }>('POST', '/api/auth/signin', null, { username: 'bench_admin', password: BENCH_PASSWORD });
      const token = signin.body.accessToken;
      // The flash restores the owner's account on each node: the owner needs a key.
      const key = await api('POST', `/api/credential/addToUser/${signin.body.userId}`, token, { sshKey: ed25519PublicKeyLine('bench@experiments') });
      if (key.status !== 200) throw new Error(`the SSH key was refused: ${key.status} ${JSON.stringify(key.body)}`);

      const totalsMs: number[] = [];
      for (let run = 0; run < EXPERIMENT_RUNS; run++) {
        const macs = Array.from({ length: EXPERIMENT_DEVICES }, (_, d) => `02:20:00:00:00:${hex(run * EXPERIMENT_DEVICES + d)}`);
        const description = { name: `Bench ${run + 1}`, durationMinutes: 30, start: 'now', groups: [{ type: 'bench-node', devices: macs, image: 'bench-image' }] };
        const started = performance.now();
        const submitted = await api<{ id: number }>('POST', '/api/experiments', token, description);
        if (submitted.status !== 201) throw new Error(`the experiment was refused: ${submitted.status} ${JSON.stringify(submitted.body)}`);
        for (;;) {
          const experiment = await api<{ state: string; error: string | null }>('GET', `/api/experiments/${submitted.body.id}`, token);
          if (experiment.body.state === 'ready' || experiment.body.state === 'running') break;
          if (['ending', 'done', 'failed', 'cancelled'].includes(experiment.body.state)) throw new Error(`the experiment ${experiment.body.state}: ${experiment.body.error}`);
          if (performance.now() - started > 120_000) throw new Error(`the experiment stayed ${experiment.body.state}`);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        const totalMs = performance.now() - started;
        totalsMs.push(totalMs);
        log(`experiment of ${EXPERIMENT_DEVICES} devices: ready ${(totalMs / 1000).toFixed(2)} s after its submit (the flash: ${FLASH_SECONDS} s)`);
        await api('POST', `/api/experiments/${submitted.body.id}/stop`, token);
      }
      const median = [...totalsMs].sort((a, b) => a - b)[Math.floor(totalsMs.length / 2)]!;
      return { totalsMs, overheadMs: median - FLASH_SECONDS * 1000 };
    } finally {
      await stopInstance(instance);
    }
  });
}
