/**
 * The operations variables (docs/operations.md): the metrics listener and the shutdown's timings,
 * read apart from config.ts so that file only gains one call. Problems are reported in config.ts's
 * form: `VARIABLE: problem`.
 */
import { isAllowListEntry } from './allow-list.js';

export interface MetricsConfig {
  /** The metrics listener's port; null: no listener (the default). */
  port: number | null;
  host: string;
  /** Addresses, CIDRs or the keywords of allow-list.ts that may scrape. */
  allow: string[];
}

export interface ShutdownConfig {
  /** From SIGTERM to a forced exit (code 1). */
  timeoutMs: number;
  /**
   * After SIGTERM, how long the server keeps answering (readiness 503, `Connection: close`)
   * before it closes; SIGINT (Ctrl-C at a terminal) closes at once.
   */
  drainMs: number;
}

export interface OpsConfig {
  metrics: MetricsConfig;
  shutdown: ShutdownConfig;
}

export const DEFAULT_METRICS_HOST = '127.0.0.1';
/** Loopback and the private ranges a container network or a VPC uses; never the internet. */
export const DEFAULT_METRICS_ALLOW = ['loopback', 'uniquelocal'];
/** As long as Docker's and Kubernetes' default grace before they send SIGKILL. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * Long enough for a balancer checking /readyz every second to see the 503 and move on; an
 * orchestrator with slower checks needs more (docs/operations.md). Ctrl-C (SIGINT) skips it.
 */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 2000;

function whole(value: string, min: number, max: number): number | null {
  return /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null;
}

export function parseOpsConfig(env: Readonly<Record<string, string>>): {
  ops: OpsConfig;
  problems: string[];
} {
  const problems: string[] = [];

  let port: number | null = null;
  const metricsPort = env.METRICS_PORT?.trim();
  if (metricsPort !== undefined) {
    port = whole(metricsPort, 1, 65_535);
    if (port === null) problems.push('METRICS_PORT: must be a port from 1 to 65535');
    else if (port === Number(env.PORT?.trim() ?? '3000')) {
      problems.push('METRICS_PORT: must differ from PORT (metrics are never on the public port)');
    }
  }
  const host = env.METRICS_HOST?.trim() ?? DEFAULT_METRICS_HOST;

  let allow = DEFAULT_METRICS_ALLOW;
  if (env.METRICS_ALLOW !== undefined) {
    allow = env.METRICS_ALLOW.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const wrong = allow.filter((entry) => !isAllowListEntry(entry));
    if (allow.length === 0 || wrong.length > 0) {
      problems.push(
        `METRICS_ALLOW: must be a comma list of IP addresses, CIDRs, loopback, linklocal or uniquelocal (not: ${wrong.join(', ') || env.METRICS_ALLOW})`,
      );
    }
  }

  let timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const timeout = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (timeout !== undefined) {
    const parsed = whole(timeout, 1000, 600_000);
    if (parsed === null) {
      problems.push('SHUTDOWN_TIMEOUT_MS: must be a whole number from 1000 to 600000');
    } else timeoutMs = parsed;
  }
  let drainMs = DEFAULT_SHUTDOWN_DRAIN_MS;
  const drain = env.SHUTDOWN_DRAIN_MS?.trim();
  if (drain !== undefined) {
    const parsed = whole(drain, 0, 600_000);
    if (parsed === null) {
      problems.push('SHUTDOWN_DRAIN_MS: must be a whole number from 0 to 600000');
    } else drainMs = parsed;
  }
  // The requests in flight and the workers need part of the timeout after the drain.
  if (drainMs > timeoutMs / 2) {
    problems.push('SHUTDOWN_DRAIN_MS: must be at most half of SHUTDOWN_TIMEOUT_MS');
  }

  return { ops: { metrics: { port, host, allow }, shutdown: { timeoutMs, drainMs } }, problems };
}
