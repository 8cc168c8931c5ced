import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createOutboxRepository } from '../repositories/outbox.js';
import { DEFAULT_WEBHOOK_TIMEOUT_MS, postAlert } from './webhook.js';

interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface AlertWorkerOptions {
  db: Kysely<Database>;
  /** ALERT_WEBHOOK_URL; unset: alerts stay in the outbox and nothing is sent. */
  webhookUrl: string | null | undefined;
  logger: WorkerLogger;
  company: string;
  program: string;
  channel: string;
  clock?: () => Date;
  /** Pause between polls; 0 or less: no polling, only `drainOnce()` sends. Default 5000. */
  pollIntervalMs?: number;
  timeoutMs?: number;
  /** Alerts claimed per poll. Default 20. */
  batchSize?: number;
}

export interface AlertWorker {
  /** Stops polling and waits for a delivery in progress. */
  stop(): Promise<void>;
  /** Sends every due alert once; resolves to the number delivered. */
  drainOnce(): Promise<number>;
}

export function startAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const { db, webhookUrl, logger, company, program, channel } = options;
  const clock = options.clock ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const batchSize = options.batchSize ?? 20;
  const outbox = createOutboxRepository(db);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();

  if (!webhookUrl) {
    logger.info({}, 'ALERT_WEBHOOK_URL is not set: alerts are kept in the outbox, not sent');
  }

  async function drain(url: string): Promise<number> {
    let delivered = 0;
    for (const alert of await outbox.claimDue(clock(), batchSize)) {
      const result = await postAlert(
        url,
        {
          program,
          company,
          channel,
          alertType: alert.alertType,
          subject: alert.subject,
          name: alert.name,
          message: alert.message,
        },
        timeoutMs,
      );
      if (result.ok) {
        await outbox.markDelivered(alert.id, clock());
        delivered += 1;
        continue;
      }
      const { willRetry } = await outbox.markFailed(alert, result.error, clock());
      const context = { alertId: alert.id, attempts: alert.attempts, error: result.error };
      if (willRetry) logger.warn(context, 'alert delivery failed; will retry');
      else logger.error(context, 'alert delivery failed; giving up');
    }
    return delivered;
  }

  function drainOnce(): Promise<number> {
    if (!webhookUrl) return Promise.resolve(0);
    const run = drain(webhookUrl);
    inFlight = Promise.allSettled([inFlight, run]);
    return run;
  }

  function schedule(): void {
    if (stopped || !webhookUrl || pollIntervalMs <= 0) return;
    timer = setTimeout(() => {
      drainOnce()
        .catch((error: unknown) => {
          logger.error(
            { errorName: error instanceof Error ? error.name : typeof error },
            'alert outbox poll failed',
          );
        })
        .finally(schedule);
    }, pollIntervalMs);
    // Polling alone must not keep the process alive; shutdown calls stop().
    timer.unref();
  }

  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
    drainOnce,
  };
}
