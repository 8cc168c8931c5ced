/**
 * An open-loop load generator: request i is due at start + i / rate, whether or not earlier ones
 * have been answered, so a slow server meets the same arrival rate as a fast one (autocannon's
 * rate option sends in bursts once a second and waits for answers). Latency is measured from the
 * moment a request was due, so time spent queueing behind a stalled server counts (no
 * coordinated omission). Keep-alive connections, loopback only.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadRequest {
  /** What the records are keyed by (the submission key). */
  key: string;
  path: string;
  body: string;
}

export interface LoadRecord {
  key: string;
  target: string;
  /** 0: no HTTP answer (connection refused or reset, timeout). */
  status: number;
  /** The network error's code when status is 0. */
  error: string | null;
  /** From when the request was due to the end of the answer. */
  latencyMs: number;
  /**
   * From when it was actually sent to the end of the answer: `latencyMs` less this generator's
   * own lateness (on a busy machine the generator, too, waits for a CPU).
   */
  serviceMs: number;
  /** Milliseconds after the start of the run at which the request was due. */
  dueAtMs: number;
  /** The answer's body, when `keepBody` says so. */
  body: string | null;
}

export interface LoadOptions {
  /** Base URLs (http://127.0.0.1:port); requests go round-robin unless `route` says otherwise. */
  targets: readonly string[];
  /** Picks the target of request i when it is sent (a load balancer's choice). */
  route?: (index: number) => string;
  /** Requests a second. */
  rate: number;
  durationMs: number;
  request: (index: number) => LoadRequest;
  /** An answer that takes longer counts as a failure (status 0, error 'TIMEOUT'). */
  timeoutMs?: number;
  /** Keep-alive sockets per target. */
  maxSockets?: number;
  /** Stops sending (requests in flight still finish). */
  signal?: AbortSignal;
  keepBody?: (status: number) => boolean;
  /** Called as each answer (or failure) arrives. */
  onRecord?: (record: LoadRecord) => void;
}

export interface LatencySummary {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface LoadResult {
  records: LoadRecord[];
  /** From the first request due to the last one settled. */
  elapsedMs: number;
  /** How long requests were being sent for. */
  sendingMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function summariseLatency(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

/** Counts by outcome: '200', '503', 'ECONNREFUSED'… */
export function countOutcomes(records: readonly LoadRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    const name = record.status === 0 ? (record.error ?? 'network') : String(record.status);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

export interface Poster {
  post(target: string, path: string, body: string): Promise<{ status: number; body: string }>;
  close(): void;
}

/** POSTs JSON over keep-alive connections, one agent per target. */
export function createPoster(options: { maxSockets?: number; timeoutMs?: number } = {}): Poster {
  const agents = new Map<string, http.Agent>();
  const agentFor = (target: string) => {
    let agent = agents.get(target);
    if (agent === undefined) {
      agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
      agents.set(target, agent);
    }
    return agent;
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    post(target, path, body) {
      return new Promise((resolve, reject) => {
        const request = http.request(`${target}${path}`, {
          method: 'POST',
          agent: agentFor(target),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        const timer = setTimeout(() => {
          request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' }));
        }, timeoutMs);
        request.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        request.once('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.once('error', (error) => {
            clearTimeout(timer);
            reject(error);
          });
          response.once('end', () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
          });
        });
        request.end(body);
      });
    },
    close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
}

/** Sends `rate × duration` requests, evenly spaced, and resolves when every one has settled. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { targets, rate, durationMs } = options;
  if (targets.length === 0 || rate <= 0) throw new Error('runLoad needs targets and a rate');
  const poster = createPoster({ maxSockets: options.maxSockets, timeoutMs: options.timeoutMs });
  const total = Math.floor((rate * durationMs) / 1000);
  const interval = 1000 / rate;
  const records: LoadRecord[] = [];
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let sent = 0;

  const fire = (index: number) => {
    const due = start + index * interval;
    const target: string = options.route?.(index) ?? (targets[index % targets.length] as string);
    const { key, path, body } = options.request(index);
    const sentAt = performance.now();
    const settle = (status: number, error: string | null, answer: string | null) => {
      const end = performance.now();
      const record: LoadRecord = {
        key,
        target,
        status,
        error,
        latencyMs: end - due,
        serviceMs: end - sentAt,
        dueAtMs: due - start,
        body: answer !== null && options.keepBody?.(status) === true ? answer : null,
      };
      records.push(record);
      options.onRecord?.(record);
    };
    const pending = poster.post(target, path, body).then(
      (answer) => settle(answer.status, null, answer.body),
      (error: unknown) => settle(0, errorCode(error), null),
    );
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now && options.signal?.aborted !== true) {
        fire(sent);
        sent += 1;
      }
      if (sent >= total || options.signal?.aborted === true) {
        resolve();
        return;
      }
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
  const sendingMs = performance.now() - start;
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  poster.close();
  return { records, elapsedMs: performance.now() - start, sendingMs };
}
