/**
 * Delivery reliability scenario: the built server killed with SIGKILL while the webhook
 * receiver is down; every answered submission still reaches the receiver, signed, once it is back.
 */
import { performance } from 'node:perf_hooks';
import { newSecret } from '../../../packages/server/src/delivery/signing.js';
import { startReceiver } from '../../../packages/server/src/test-support/receiver.js';
import type { Receiver } from '../../../packages/server/src/test-support/receiver.js';
import { applicantRequests, newRunId } from '../harness/applicants.js';
import type { ScenarioDatabase } from '../harness/databases.js';
import { answeredKeys, check, readEvents, waitForKeys } from '../harness/delivery.js';
import type { DeliveryFigures } from '../harness/delivery.js';
import { runLoad } from '../harness/load.js';
import { freePort, sleep, startServer } from '../harness/server-process.js';
import type { ServerProcess } from '../harness/server-process.js';

export interface CrashWhileDownOptions {
  database: ScenarioDatabase;
  rate: number;
  /** How long the server takes submissions (the receiver down) before the SIGKILL. */
  crashAfterMs: number;
  /** How long to wait for every answered event once both are back. */
  deliverWithinMs: number;
}

/**
 * The receiver is down while submissions arrive, the server is killed (SIGKILL), the receiver
 * comes back, the server starts again on the same database: every answered submission's event
 * reaches the receiver, signed.
 */
export async function crashWhileReceiverDown(
  options: CrashWhileDownOptions,
): Promise<DeliveryFigures> {
  const { database } = options;
  const secret = newSecret();
  const port = await freePort();
  const env = {
    DELIVERY_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/broker`,
    DELIVERY_WEBHOOK_SECRET: secret,
    // A retry a second, for five minutes: the test's time, not the production schedule.
    DELIVERY_RETRY_SCHEDULE: Array.from({ length: 300 }, () => '1').join(','),
  };
  const problems: string[] = [];
  let server: ServerProcess | null = null;
  let receiver: Receiver | null = null;
  try {
    server = await startServer({ databaseUrl: database.url, env });
    const stop = new AbortController();
    const loading = runLoad({
      targets: [server.url],
      rate: options.rate,
      durationMs: 3_600_000,
      request: applicantRequests(newRunId()),
      signal: stop.signal,
      timeoutMs: 10_000,
    });
    await sleep(options.crashAfterMs);
    await server.crash();
    stop.abort();
    const { records } = await loading;
    const answered = answeredKeys(records);
    if (answered.length === 0) problems.push('no submission was answered before the kill');

    receiver = await startReceiver('/hooks/broker', port);
    const back = performance.now();
    server = await startServer({ databaseUrl: database.url, env });
    const all = await waitForKeys(receiver, answered, options.deliverWithinMs);
    const deliverAllMs = all ? Math.round(performance.now() - back) : null;
    // Whatever else is on its way (committed but unanswered at the kill) arrives too.
    await sleep(1500);
    const stopped = await server.stop();
    if (stopped.code !== 0) problems.push(`the server stopped with ${JSON.stringify(stopped)}`);
    const rows = await readEvents(database.url);
    return check(receiver, secret, answered, rows, deliverAllMs, database, problems);
  } finally {
    await server?.crash();
    await receiver?.close();
  }
}
