/**
 * The delivery variables (docs/decisions/0020-signed-delivery.md), read apart from config.ts so
 * that file only gains one call. Problems are reported in config.ts's form: `VARIABLE: problem`.
 */

export interface DeliveryEndpointConfig {
  /** Stored with each pending event: the position in DELIVERY_WEBHOOK_URL, `webhook-1`, … */
  name: string;
  url: string;
  /** The secret's decoded bytes (the part after `whsec_`). */
  secret: Buffer;
}

export interface DeliveryConfig {
  endpoints: DeliveryEndpointConfig[];
  /** Seconds to wait before each retry; attempts = this length + 1, then the event is dead. */
  retryScheduleS: number[];
  /** A partial save not completed for this long is delivered as an abandoned lead. */
  leadQuietMinutes: number;
}

/**
 * Standard Webhooks' suggested schedule (immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h
 * and 10 h): 8 attempts over 27 h 35 min, so a receiver down for a whole day still gets it.
 */
export const DEFAULT_RETRY_SCHEDULE_S = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
export const DEFAULT_LEAD_QUIET_MINUTES = 30;
const MAX_RETRY_DELAY_S = 7 * 24 * 3600;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function list(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** HTTPS only: events carry personal data. Plain HTTP is allowed to loopback (tests, a sidecar). */
function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an https URL';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must be an https URL (http only to localhost)';
}

/** `whsec_` + base64 of 24 to 64 random bytes (Standard Webhooks' symmetric secret). */
export function decodeSecret(value: string): Buffer | null {
  if (!value.startsWith('whsec_')) return null;
  const encoded = value.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const bytes = Buffer.from(encoded, 'base64');
  return bytes.length >= 24 && bytes.length <= 64 ? bytes : null;
}

export function parseDeliveryConfig(env: Readonly<Record<string, string>>): {
  delivery: DeliveryConfig;
  problems: string[];
} {
  const problems: string[] = [];
  const urls = list(env.DELIVERY_WEBHOOK_URL);
  const secrets = list(env.DELIVERY_WEBHOOK_SECRET);
  urls.forEach((url, index) => {
    const problem = urlProblem(url);
    if (problem !== null) problems.push(`DELIVERY_WEBHOOK_URL: entry ${index + 1} ${problem}`);
  });
  const decoded = secrets.map(decodeSecret);
  decoded.forEach((secret, index) => {
    if (secret === null) {
      problems.push(
        `DELIVERY_WEBHOOK_SECRET: entry ${index + 1} must be whsec_ followed by the base64 of 24 to 64 bytes`,
      );
    }
  });
  if (urls.length > 0 && secrets.length === 0) {
    problems.push('DELIVERY_WEBHOOK_SECRET: required when DELIVERY_WEBHOOK_URL is set');
  } else if (secrets.length > 0 && urls.length === 0) {
    problems.push('DELIVERY_WEBHOOK_URL: required when DELIVERY_WEBHOOK_SECRET is set');
  } else if (secrets.length > 1 && secrets.length !== urls.length) {
    problems.push(
      'DELIVERY_WEBHOOK_SECRET: give one secret for every URL, in the same order (or one for all)',
    );
  }

  let retryScheduleS = DEFAULT_RETRY_SCHEDULE_S;
  if (env.DELIVERY_RETRY_SCHEDULE !== undefined) {
    const entries = list(env.DELIVERY_RETRY_SCHEDULE);
    const valid =
      entries.length > 0 &&
      entries.every(
        (entry) => /^\d+$/.test(entry) && Number(entry) >= 1 && Number(entry) <= MAX_RETRY_DELAY_S,
      );
    if (valid) retryScheduleS = entries.map(Number);
    else {
      problems.push(
        `DELIVERY_RETRY_SCHEDULE: must be a comma list of whole seconds from 1 to ${MAX_RETRY_DELAY_S}`,
      );
    }
  }

  let leadQuietMinutes = DEFAULT_LEAD_QUIET_MINUTES;
  const quiet = env.DELIVERY_LEAD_QUIET_MINUTES?.trim();
  if (quiet !== undefined) {
    if (/^\d+$/.test(quiet) && Number(quiet) >= 1 && Number(quiet) <= 10_080) {
      leadQuietMinutes = Number(quiet);
    } else problems.push('DELIVERY_LEAD_QUIET_MINUTES: must be a whole number from 1 to 10080');
  }

  const endpoints =
    problems.length > 0
      ? []
      : urls.map((url, index) => ({
          name: `webhook-${index + 1}`,
          url,
          secret: (decoded.length === 1 ? decoded[0] : decoded[index]) as Buffer,
        }));
  return { delivery: { endpoints, retryScheduleS, leadQuietMinutes }, problems };
}
