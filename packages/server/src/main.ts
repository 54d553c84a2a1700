// Starts the portal: configuration, database and migrations, first administrator, testbed inventory,
// then the HTTP server. Stops cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap-admin.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { startLine } from './logging/startup.js';
import { FolderLockedError } from './db/folder-lock.js';
import { loadJwtSecret } from './security/secrets.js';
import { loadTestbed } from './testbed/testbed-file.js';
import { syncInventory } from './testbed/inventory.js';
import { createTestbedDriver } from './testbed/create-driver.js';

/** How long requests under way may take to finish once a stop is asked. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const testbed = await loadTestbed(config.TESTBED_CONFIG);
  const driver = createTestbedDriver(testbed);
  const database = await openDatabase(config.DATABASE_URL, { statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000 });
  const jwtSecret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  await syncInventory(database.db, testbed);
  const admin = await ensureFirstAdmin(database.db, config);

  const app = await buildApp({ config, db: database.db, subscribe: database.subscribe, poolUse: database.poolUse, jwtSecret, driver });
  // A graceful stop (SIGTERM from an orchestrator, Ctrl-C). First the drain (SIGTERM only, SHUTDOWN_DRAIN_SECONDS):
  // readiness turns 503 and every reply says `Connection: close`, while requests are still served, until the proxy
  // has seen the 503 and sends nothing more here; closing at once would race with the proxy reusing a kept-alive
  // connection, and lose that request. Then the listening socket and the idle connections close, requests under
  // way finish (at most SHUTDOWN_GRACE_MS, then their connections are cut), progress streams end (their clients
  // reconnect elsewhere), the flash runner hands its jobs' leases back for another instance, the mail sender ends
  // its pass, the database closes.
  let closing: Promise<void> | undefined;
  const close = (signal: string) =>
    (closing ??= (async () => {
      const drainSeconds = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_SECONDS : 0;
      app.log.info({ signal, drainSeconds }, 'shutting down');
      app.drain();
      if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
      const force = setTimeout(() => {
        app.log.warn('requests still under way after the grace period: closing their connections');
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      try {
        await app.close();
        await database.close();
      } catch (error) {
        app.log.error({ err: error }, 'shutdown was not clean');
        process.exitCode = 1;
      }
      clearTimeout(force);
      process.exit();
    })());
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(await startLine(config, database), 'started');
  // Flash jobs left by a previous run (or by an instance that stopped) carry on; app.close() stops them.
  app.flashJobs.start({ leaseMs: config.FLASH_LEASE_SECONDS * 1000 });
  // Experiments too: each is a leased row, taken over by another instance if this one stops.
  app.experimentRunner.start({ leaseMs: config.FLASH_LEASE_SECONDS * 1000 });
  app.mailSender.start();
  app.reminderSweeper.start();
  app.imageUploadSweeper.start();
  if (admin.generatedPassword) {
    // Printed once, on the start that created the account, never logged.
    process.stdout.write(
      `\nFirst administrator created.\n  username: ${admin.username}\n  password: ${admin.generatedPassword}\n` +
        `Keep this password: it is not shown again.\n\n`,
    );
  }
  process.stdout.write(`Testbed Portal is running at ${config.PUBLIC_URL} (database: ${database.engine})\n`);
}

main().catch((error: unknown) => {
  // What a person can act on is said in a sentence, without a stack.
  if (error instanceof ConfigError || error instanceof FolderLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
