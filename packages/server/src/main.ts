import { buildApp } from './app.js';
import type { Config } from './config.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './decisions/decide.js';
import { startRetentionJob } from './lifecycle/retention.js';
import { createLogger } from './logger.js';
import { createCodeHasher } from './portal/codes.js';
import { devMailboxTransport, smtpTransport, startMailWorker } from './portal/mail.js';

/** In-flight requests get this long to finish after SIGTERM before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel);

async function start() {
  const db = openDatabase(config.database, { logger });
  try {
    const applied = await migrateToLatest(db);
    logger.info({ database: config.database.kind, migrations: applied }, 'database ready');
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }

  const app = await buildApp({ config, db, logger });
  // The delivery worker (signed events, chat alerts) starts with the app and stops with it.
  // docs/decisions/0025-portal-mail.md: no SMTP_URL is only allowed in local (config.ts).
  const mail = startMailWorker({
    db,
    transport:
      config.smtpUrl === null
        ? devMailboxTransport(db, systemClock)
        : smtpTransport(config.smtpUrl),
    codes: createCodeHasher(config.portalCodeSecret),
    from: config.company.email,
    company: config.company.name,
    logger,
    clock: systemClock,
  });

  // docs/data-lifecycle.md: one run a day across instances, claimed through job_leases.
  const retention = startRetentionJob({
    db,
    clock: systemClock,
    periods: config.retention,
    logger,
  });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Stops accepting connections and waits for in-flight requests before the database goes.
      await app.close();
      await mail.stop();
      await retention.stop();
      await db.destroy();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exitCode = 1;
    } finally {
      clearTimeout(timer);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));

  await app.listen({ port: config.port, host: config.host });
}

start().catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
