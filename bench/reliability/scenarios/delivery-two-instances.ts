/**
 * Delivery reliability scenario: two instances of the built server on one PostgreSQL deliver
 * every event, and never the same event twice at once.
 */
import { performance } from 'node:perf_hooks';
import { newSecret } from '../../../packages/server/src/delivery/signing.js';
import { startReceiver } from '../../../packages/server/src/test-support/receiver.js';
import { applicantRequests, newRunId } from '../harness/applicants.js';
import type { ScenarioDatabase } from '../harness/databases.js';
import { answeredKeys, check, readEvents, waitForKeys } from '../harness/delivery.js';
import type { DeliveryFigures } from '../harness/delivery.js';
import { runLoad } from '../harness/load.js';
import { startServer } from '../harness/server-process.js';
import type { ServerProcess } from '../harness/server-process.js';

export interface TwoInstancesOptions {
  database: ScenarioDatabase;
  rate: number;
  durationMs: number;
  /** The receiver takes this long to answer, so attempts overlap in time. */
  receiverDelayMs: number;
  deliverWithinMs: number;
}

/** Two server processes on one PostgreSQL deliver one load: each event once, never twice at once. */
export async function twoInstancesDelivering(
  options: TwoInstancesOptions,
): Promise<DeliveryFigures> {
  const { database } = options;
  const secret = newSecret();
  const receiver = await startReceiver('/hooks/broker');
  receiver.delayMs = options.receiverDelayMs;
  const env = { DELIVERY_WEBHOOK_URL: receiver.url, DELIVERY_WEBHOOK_SECRET: secret };
  const problems: string[] = [];
  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServer({ databaseUrl: database.url, env }));
    servers.push(await startServer({ databaseUrl: database.url, env }));
    const { records } = await runLoad({
      targets: servers.map((server) => server.url),
      rate: options.rate,
      durationMs: options.durationMs,
      request: applicantRequests(newRunId()),
    });
    const answered = answeredKeys(records);
    if (answered.length !== records.length) {
      problems.push(`${records.length - answered.length} submissions were not answered 200`);
    }
    const loaded = performance.now();
    const all = await waitForKeys(receiver, answered, options.deliverWithinMs);
    const deliverAllMs = all ? Math.round(performance.now() - loaded) : null;
    for (const server of servers) {
      const stopped = await server.stop();
      if (stopped.code !== 0) problems.push(`a server stopped with ${JSON.stringify(stopped)}`);
    }
    const rows = await readEvents(database.url);
    const figures = check(receiver, secret, answered, rows, deliverAllMs, database, problems);
    if (figures.received !== figures.events) {
      problems.push(`${figures.received} requests for ${figures.events} events: some sent twice`);
    }
    return figures;
  } finally {
    await Promise.all(servers.map((server) => server.crash()));
    await receiver.close();
  }
}
