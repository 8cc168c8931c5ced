/**
 * The delivery worker: sends due events to their endpoints, off the request path, with the
 * retry schedule; turns quiet partial saves into lead events; and raises the grouped chat
 * alerts (docs/decisions/0020-signed-delivery.md, 0021-grouped-alerts.md).
 */
import type { Insertable, Kysely } from 'kysely';
import { webhookBody } from '../alerts/webhook.js';
import type { AlertMessage } from '../alerts/webhook.js';
import type { Config } from '../config.js';
import type { Database, DeliveryEventRow, DeliveryEventsTable } from '../db/schema.js';
import { isDatabaseUnavailable } from '../http/errors.js';
import type { DecidedApplication } from '../applications/repository.js';
import { ALERT_EVENT, DECIDED_EVENT, decidedEventBody } from './events.js';
import { createDeliveryRepository, eventRows } from './repository.js';
import { newEventId, signedHeaders } from './signing.js';

interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const CHAT_ENDPOINT = 'chat';
/** One alert per kind per window, sent at the window's end with the count. */
export const ALERT_WINDOW_MS = 5 * 60_000;
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
/**
 * How long stop() lets posts already sent finish before aborting them (decision 0069): most
 * receivers answer in well under a second, and the shutdown as a whole has SHUTDOWN_TIMEOUT_MS.
 */
export const DEFAULT_STOP_GRACE_MS = 1000;
/**
 * Twice an attempt's longest (the timeout), so one event is only ever in one attempt; also how
 * long an event claimed by an instance that died waits before another instance retries it.
 */
export const DEFAULT_LEASE_MS = 20_000;
/**
 * An endpoint whose every attempt of a round failed gets no more claims for this long: while a
 * receiver is down the worker probes it with one batch every 5 s instead of attempting every
 * due event (which, at a few hundred submissions a second, took the process's CPU from the
 * applicants). Its events wait without using attempts.
 */
export const ENDPOINT_PAUSE_MS = 5000;
/** A held alert that could not be sent (the database and the chat both away) waits this long. */
const HELD_RETRY_MS = 30_000;

export interface DeliveryOptions {
  db: Kysely<Database>;
  config: Pick<Config, 'delivery' | 'alertWebhookUrl' | 'company' | 'environment'>;
  clock: { now(): Date };
  logger: WorkerLogger;
  /** SPEC's alert `program`. */
  program?: string;
  /** Pause between polls; 0 or less: no polling, only `drainOnce()` sends. Default 1000. */
  pollIntervalMs?: number;
  timeoutMs?: number;
  leaseMs?: number;
  /** Rows claimed per round. Default 10, posted at once. */
  batchSize?: number;
  /** How long stop() waits for posts in progress before aborting them; DEFAULT_STOP_GRACE_MS. */
  stopGraceMs?: number;
  /** How often the worker looks for abandoned leads. Default 60 s. */
  leadScanIntervalMs?: number;
}

export interface RaisedAlert {
  /** The group: one alert per kind per 5 minutes. */
  kind: string;
  subject: string;
  name: string;
  /** No personal data: an error's name and message, a key, a count. */
  detail: string;
}

export interface DrainResult {
  delivered: number;
  failed: number;
  dead: number;
  leads: number;
}

export interface Delivery {
  /** Writes the decided event in the submission's transaction (applications.ts `onDecided`). */
  recordDecided(trx: Kysely<Database>, decided: DecidedApplication): Promise<void>;
  /**
   * The decided event's rows, which the submission writes in its transaction with the decision
   * itself (applications.ts `decidedEvents`; none when no endpoint is configured).
   */
  decidedEvents(decided: DecidedApplication): Insertable<DeliveryEventsTable>[];
  /** Queues a grouped alert in the database; held in memory if that fails. Never throws. */
  alert(alert: RaisedAlert): Promise<void>;
  /** Holds a grouped alert in memory only: for when the database is what failed. */
  holdAlert(alert: RaisedAlert): void;
  /** One round: held alerts, abandoned leads when due, then every due event once. */
  drainOnce(options?: { scanLeads?: boolean }): Promise<DrainResult>;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

interface StoredAlert extends Omit<RaisedAlert, 'kind' | 'detail'> {
  message: string;
  windowStart: string;
  windowEnd: string;
}

interface HeldAlert {
  eventId: string;
  body: string;
  count: number;
  dueAt: Date;
  nextTryAt: Date;
}

type PostResult = { ok: true } | { ok: false; error: string };

export function createDelivery(options: DeliveryOptions): Delivery {
  const { db, config, clock, logger } = options;
  const program = options.program ?? 'broker-apply';
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? 10;
  const stopGraceMs = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
  const leadScanIntervalMs = options.leadScanIntervalMs ?? 60_000;
  const repository = createDeliveryRepository(db);

  const endpoints = new Map<string, { url: string; secret: Buffer | null }>();
  for (const endpoint of config.delivery.endpoints) {
    endpoints.set(endpoint.name, { url: endpoint.url, secret: endpoint.secret });
  }
  if (config.alertWebhookUrl !== null) {
    endpoints.set(CHAT_ENDPOINT, { url: config.alertWebhookUrl, secret: null });
  }
  const eventEndpoints = config.delivery.endpoints.map((endpoint) => endpoint.name);
  const sendable = [...endpoints.keys()];
  /** Endpoint → when it may be tried again (by `clock`), after a round of nothing but failures. */
  const pausedUntil = new Map<string, number>();

  const held = new Map<string, HeldAlert>();
  let lastLeadScan = Number.NEGATIVE_INFINITY;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  /** Aborts posts still in progress after stop()'s grace: their events are retried, here or elsewhere. */
  const stopping = new AbortController();

  if (config.alertWebhookUrl === null) {
    logger.info({}, 'ALERT_WEBHOOK_URL is not set: alerts are kept in the database, not sent');
  }

  function group(alert: RaisedAlert, now: Date): { eventId: string; body: string; dueAt: Date } {
    const start = Math.floor(now.getTime() / ALERT_WINDOW_MS) * ALERT_WINDOW_MS;
    const windowStart = new Date(start).toISOString();
    const dueAt = new Date(start + ALERT_WINDOW_MS);
    const stored: StoredAlert = {
      subject: alert.subject,
      name: alert.name,
      message: alert.detail.slice(0, 300),
      windowStart,
      windowEnd: dueAt.toISOString(),
    };
    return { eventId: `alert_${alert.kind}_${windowStart}`, body: JSON.stringify(stored), dueAt };
  }

  function holdAlert(alert: RaisedAlert): void {
    const now = clock.now();
    const { eventId, body, dueAt } = group(alert, now);
    const existing = held.get(eventId);
    if (existing) {
      existing.count += 1;
      existing.body = body;
    } else held.set(eventId, { eventId, body, count: 1, dueAt, nextTryAt: dueAt });
  }

  async function alert(raised: RaisedAlert): Promise<void> {
    const now = clock.now();
    const { eventId, body, dueAt } = group(raised, now);
    try {
      await repository.upsertAlert({
        eventId,
        endpoint: CHAT_ENDPOINT,
        body,
        count: 1,
        dueAt,
        now,
      });
    } catch (error) {
      logger.error({ errorName: errorName(error) }, 'could not queue an alert; held in memory');
      holdAlert(raised);
    }
  }

  function renderAlert(body: string, count: number): string {
    const stored = JSON.parse(body) as StoredAlert;
    const from = stored.windowStart.slice(11, 16);
    const to = stored.windowEnd.slice(11, 16);
    const times = count === 1 ? 'once' : `${count} times`;
    const message: AlertMessage = {
      program,
      company: config.company.name,
      alertType: 'Failure',
      channel: config.environment,
      subject: stored.subject,
      name: stored.name,
      message: `${times} between ${from} and ${to} UTC. Last: ${stored.message}`,
    };
    return webhookBody(message);
  }

  async function post(endpointName: string, eventId: string, body: string): Promise<PostResult> {
    const endpoint = endpoints.get(endpointName);
    if (!endpoint) return { ok: false, error: 'endpoint not configured' };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': `${program} delivery`,
    };
    Object.assign(
      headers,
      endpoint.secret === null
        ? { 'webhook-id': eventId }
        : // The wall clock, not `clock`: receivers check the timestamp against theirs.
          signedHeaders(endpoint.secret, eventId, new Date(), body),
    );
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers,
        body,
        // A redirect is a failure: a signed body with personal data goes where it was told only.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.status >= 200 && response.status < 300
        ? { ok: true }
        : { ok: false, error: `HTTP ${response.status}` };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        return { ok: false, error: `no answer within ${timeoutMs} ms` };
      }
      // Never the URL: a chat webhook's URL is itself the credential.
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      return { ok: false, error: typeof code === 'string' ? code : 'request failed' };
    }
  }

  /** Posts one claimed row; failures are recorded here, successes by the caller (one UPDATE). */
  async function attempt(row: DeliveryEventRow, result: DrainResult): Promise<boolean> {
    const body = row.event_type === ALERT_EVENT ? renderAlert(row.body, row.group_count) : row.body;
    const sent = await post(row.endpoint, row.event_id, body);
    const context = {
      eventId: row.event_id,
      eventType: row.event_type,
      endpoint: row.endpoint,
      attempts: row.attempts,
    };
    if (sent.ok) {
      logger.info(context, 'event delivered');
      return true;
    }
    if (stopping.signal.aborted) {
      await repository.release(row, clock.now());
      logger.info(context, 'event given back at shutdown');
      return false;
    }
    const outcome = await repository.markFailed(
      row,
      sent.error,
      clock.now(),
      config.delivery.retryScheduleS,
    );
    if (outcome === 'retry') {
      result.failed += 1;
      logger.warn({ ...context, error: sent.error }, 'delivery failed; will retry');
    } else {
      result.dead += 1;
      logger.error({ ...context, error: sent.error }, 'delivery failed; kept as a dead letter');
    }
    return false;
  }

  /** Due held alerts go to the database; if it is still away, straight to the chat webhook. */
  async function flushHeld(): Promise<void> {
    const now = clock.now();
    for (const alert of [...held.values()]) {
      if (alert.nextTryAt > now) continue;
      try {
        await repository.upsertAlert({
          eventId: alert.eventId,
          endpoint: CHAT_ENDPOINT,
          body: alert.body,
          count: alert.count,
          dueAt: alert.dueAt,
          now,
        });
        held.delete(alert.eventId);
        continue;
      } catch {
        // The database is still away.
      }
      const sent = endpoints.has(CHAT_ENDPOINT)
        ? await post(CHAT_ENDPOINT, alert.eventId, renderAlert(alert.body, alert.count))
        : ({ ok: false, error: 'no chat webhook' } as const);
      if (sent.ok) {
        held.delete(alert.eventId);
        logger.info({ eventId: alert.eventId }, 'held alert sent straight to the chat webhook');
      } else {
        alert.nextTryAt = new Date(now.getTime() + HELD_RETRY_MS);
      }
    }
  }

  async function drain(scanLeads: boolean | undefined): Promise<DrainResult> {
    const result: DrainResult = { delivered: 0, failed: 0, dead: 0, leads: 0 };
    await flushHeld();
    const now = clock.now();
    const leadsDue = scanLeads ?? Date.now() - lastLeadScan >= leadScanIntervalMs;
    if (leadsDue && eventEndpoints.length > 0) {
      lastLeadScan = Date.now();
      const quietSince = new Date(now.getTime() - config.delivery.leadQuietMinutes * 60_000);
      result.leads = await repository.emitAbandonedLeads(now, quietSince, eventEndpoints, 100);
    }
    for (let round = 0; round < 20 && !stopped; round += 1) {
      const at = clock.now();
      const open = sendable.filter((name) => (pausedUntil.get(name) ?? 0) <= at.getTime());
      const rows = await repository.claimDue(at, open, batchSize, leaseMs);
      const sent = await Promise.all(rows.map((row) => attempt(row, result)));
      const delivered = rows.filter((_row, index) => sent[index]);
      result.delivered += await repository.markDelivered(delivered, clock.now());
      for (const name of new Set(rows.map((row) => row.endpoint))) {
        const ok = rows.some((row, index) => row.endpoint === name && sent[index]);
        if (ok) pausedUntil.delete(name);
        else pausedUntil.set(name, clock.now().getTime() + ENDPOINT_PAUSE_MS);
      }
      if (rows.length < batchSize) break;
    }
    return result;
  }

  function drainOnce(drainOptions: { scanLeads?: boolean } = {}): Promise<DrainResult> {
    const run = drain(drainOptions.scanLeads);
    inFlight = Promise.allSettled([inFlight, run]);
    return run;
  }

  function schedule(): void {
    if (stopped || pollIntervalMs <= 0) return;
    timer = setTimeout(() => {
      drainOnce()
        .catch((error: unknown) => {
          logger.error({ errorName: errorName(error) }, 'delivery poll failed');
          if (!isDatabaseUnavailable(error)) return;
          holdAlert({
            kind: 'database',
            subject: 'Database unavailable',
            name: 'database',
            detail: `the delivery worker could not read its queue (${errorName(error)})`,
          });
        })
        .finally(schedule);
    }, pollIntervalMs);
    // Polling alone must not keep the process alive; shutdown calls stop().
    timer.unref();
  }
  schedule();

  function decidedEvents(decided: DecidedApplication): Insertable<DeliveryEventsTable>[] {
    // A possible duplicate is held: its event is written when staff release it, so receivers
    // never get the same person's application twice (decision 0051).
    if (decided.outcome === 'duplicate') return [];
    // No receiver configured: no event, so none is built (its body and id were 4% of a
    // submission's CPU; docs/performance.md, "One write of a new application").
    if (eventEndpoints.length === 0) return [];
    return eventRows({
      eventId: newEventId(),
      type: DECIDED_EVENT,
      body: decidedEventBody(decided),
      endpoints: eventEndpoints,
      now: new Date(decided.decidedAt),
      applicationRowId: decided.applicationRowId,
    });
  }

  return {
    async recordDecided(trx, decided) {
      const rows = decidedEvents(decided);
      if (rows.length > 0) await trx.insertInto('delivery_events').values(rows).execute();
    },
    decidedEvents,
    alert,
    holdAlert,
    drainOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A post already on its way may finish: a receiver that took it should not get it again.
      // One still unanswered after the grace is aborted and its event given back.
      const grace = setTimeout(() => stopping.abort(), stopGraceMs);
      await inFlight;
      clearTimeout(grace);
      // A graceful stop keeps held alerts that are not due yet, if the database takes them.
      for (const alert of held.values()) {
        await repository
          .upsertAlert({ ...alert, endpoint: CHAT_ENDPOINT, now: clock.now() })
          .catch(() => undefined);
      }
    },
  };
}

function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}
