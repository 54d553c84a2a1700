// Starts the portal: configuration, database and migrations, first administrator, testbed inventory,
// then the HTTP server. Stops cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap-admin.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { MailSender } from './mail/sender.js';
import { loadJwtSecret } from './security/secrets.js';
import { loadTestbed } from './testbed/testbed-file.js';
import { syncInventory } from './testbed/inventory.js';
import { createTestbedDriver } from './testbed/driver.js';

async function main() {
  const config = loadConfig();
  const testbed = await loadTestbed(config.TESTBED_CONFIG);
  const driver = createTestbedDriver(testbed);
  const database = await openDatabase(config.DATABASE_URL);
  const jwtSecret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  await syncInventory(database.db, testbed);
  const admin = await ensureFirstAdmin(database.db, config);

  const app = await buildApp({ config, db: database.db, subscribe: database.subscribe, jwtSecret, driver });
  const mailSender = new MailSender({ db: database.db, config, log: app.log.child({ module: 'mail' }) });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await mailSender.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Flash jobs left by a previous run (or by an instance that stopped) carry on; app.close() stops them.
  app.flashJobs.start();
  mailSender.start();
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
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
