/**
 * What SIGTERM does (docs/operations.md, docs/decisions/0069-graceful-shutdown.md):
 * 1. readiness answers 503 and every answer carries `Connection: close`, so load balancers and
 *    keep-alive clients move to another instance, while this one still answers for the drain
 *    (SHUTDOWN_DRAIN_MS after SIGTERM; none after SIGINT, Ctrl-C at a terminal);
 * 2. the workers stop taking work: the delivery worker gives back the events it holds, the mail
 *    worker finishes its message, the retention job finishes its run and ends its lease;
 * 3. the listener closes (new connections are refused, which a client may always retry) and the
 *    requests in flight finish; a request that arrives on an open connection meanwhile answers
 *    503 with `Connection: close`;
 * 4. the database closes and the process exits 0, or 1 if all that took longer than the timeout.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Shared by the shutdown and the app. */
export interface DrainState {
  /** From SIGTERM on: readiness 503, `Connection: close`. */
  draining: boolean;
  /** Once the listener closes: requests still arriving on open connections answer 503. */
  closing: boolean;
}

export interface ShutdownOptions {
  drain: DrainState;
  drainMs: number;
  timeoutMs: number;
  /** The HTTP server: stops accepting, waits for requests in flight (Fastify's close). */
  server: { close(): Promise<unknown> };
  /** Background work that stops while the server drains. */
  workers: readonly { stop(): Promise<void> }[];
  /** Closed last, in order (the metrics listener, then the database). */
  last: readonly (() => Promise<void>)[];
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  exit: (code: number) => void;
}

/** Returns the signal handler; a second signal while stopping changes nothing. */
export function gracefulShutdown(options: ShutdownOptions): (signal: NodeJS.Signals) => void {
  const { drain, logger } = options;
  return (signal) => {
    if (drain.draining) return;
    drain.draining = true;
    const started = Date.now();
    logger.info({ signal, timeoutMs: options.timeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: options.timeoutMs }, 'shutdown timed out');
      options.exit(1);
    }, options.timeoutMs);
    timer.unref();

    const workers = Promise.allSettled(options.workers.map((worker) => worker.stop()));
    // Ctrl-C comes from someone at a terminal, not from an orchestrator with a balancer.
    const drainMs = signal === 'SIGINT' ? 0 : options.drainMs;
    // Every step runs even when one before it failed; the first failure is reported.
    const run = async () => {
      const failures: unknown[] = [];
      try {
        if (drainMs > 0) await sleep(drainMs);
        drain.closing = true;
        await options.server.close();
      } catch (error) {
        failures.push(error);
      }
      for (const result of await workers) {
        if (result.status === 'rejected') failures.push(result.reason);
      }
      for (const close of options.last) {
        await close().catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
    };
    run().then(
      () => {
        clearTimeout(timer);
        logger.info({ ms: Date.now() - started }, 'stopped');
        options.exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        logger.error({ err: error }, 'shutdown failed');
        options.exit(1);
      },
    );
  };
}
