/**
 * The app's own API is same-origin by default (the server serves both the API and this
 * bundle); a deployment may name another base, which api-base.ts applies.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface JsonResponse {
  status: number;
  ok: boolean;
  /** The parsed body, or null when it is empty or not JSON. */
  data: unknown;
}

export interface RequestOptions {
  timeoutMs?: number;
  /** Lets a report outlive the page (an error just before navigating away). */
  keepalive?: boolean;
}

/**
 * One JSON request. Resolves with any HTTP status; rejects only when there is no response
 * (network failure, timeout), which is what callers decide to retry on.
 */
export async function requestJson(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  { timeoutMs = DEFAULT_TIMEOUT_MS, keepalive = false }: RequestOptions = {},
): Promise<JsonResponse> {
  const response = await fetch(url, {
    method,
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : {
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    keepalive,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  return { status: response.status, ok: response.ok, data };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
