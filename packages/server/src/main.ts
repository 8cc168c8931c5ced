import { buildApp } from './app.js';
import type { Config } from './config.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './applications/decide.js';
import { startRetentionJob } from './lifecycle/retention.js';
import { documentStoreFor } from './documents/store.js';
import { createLogger } from './logger.js';
import { createMetrics } from './ops/metrics.js';
import { startMetricsServer } from './ops/metrics-server.js';
import { gracefulShutdown } from './ops/shutdown.js';
import type { DrainState } from './ops/shutdown.js';
import { createCodeHasher } from './portal/codes.js';
import { devMailboxTransport, smtpTransport, startMailWorker } from './portal/mail.js';

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

  const metricsConfig = config.ops.metrics;
  const metrics = metricsConfig.port === null ? undefined : createMetrics({ db });
  const drain: DrainState = { draining: false, closing: false };
  const app = await buildApp({ config, db, logger, metrics, drain });
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
    metrics,
  });

  // docs/data-lifecycle.md: one run a day across instances, claimed through job_leases.
  const retention = startRetentionJob({
    db,
    clock: systemClock,
    periods: config.retention,
    files: documentStoreFor(config),
    logger,
  });

  await app.listen({ port: config.port, host: config.host });
  const metricsServer =
    metrics?.registry && metricsConfig.port !== null
      ? await startMetricsServer({
          registry: metrics.registry,
          port: metricsConfig.port,
          host: metricsConfig.host,
          allow: metricsConfig.allow,
          logger,
        })
      : null;
  if (metricsServer !== null) logger.info({ url: `${metricsServer.url}/metrics` }, 'metrics');

  // docs/decisions/0069-graceful-shutdown.md
  const shutdown = gracefulShutdown({
    drain,
    drainMs: config.ops.shutdown.drainMs,
    timeoutMs: config.ops.shutdown.timeoutMs,
    server: app,
    workers: [mail, retention],
    last: [async () => metricsServer?.close(), () => db.destroy()],
    logger,
    exit: (code) => process.exit(code),
  });
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

start().catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
});
