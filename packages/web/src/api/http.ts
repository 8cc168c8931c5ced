/**
 * The app's own API is same-origin by default (the server serves both the API and this
 * bundle); a deployment may name another base, which api-base.ts applies.
 */

const DEFAULT_TIMEOUT_MS = 30_000;

export interface JsonResponse {
  status: number;
  ok: boolean;
  /** The parsed body, or null when it is empty or not JSON. */
  data: unknown;
  headers: Headers;
}

export interface RequestOptions {
  timeoutMs?: number;
  /** Lets a report outlive the page (an error just before navigating away). */
  keepalive?: boolean;
}

/**
 * The names a failed call is reported under (`POST /api/client-errors`, kind 'failure'); the
 * contract is in docs/decisions/0016-failed-submission-keeps-the-answers.md.
 */
export type FailureName =
  'NetworkError' | 'TimeoutError' | 'AbortError' | 'HttpError' | 'RateLimited' | 'NoQuote';

/** A call that failed, named and worded as it is reported. */
export class RequestFailure extends Error {
  constructor(
    override readonly name: FailureName,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What fetch threw, as docs/product.md §8's generic HTTP failures word it: 'Request aborted',
 * 'Network Error' or 'timeout of N ms exceeded' (N the call's own timeout).
 */
function requestFailure(error: unknown, timeoutMs: number): RequestFailure {
  if (error instanceof RequestFailure) return error;
  // A DOMException from another realm (a test's, an extension's) is not `instanceof Error`.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  if (name === 'TimeoutError') {
    return new RequestFailure('TimeoutError', `timeout of ${timeoutMs} ms exceeded`);
  }
  if (name === 'AbortError') return new RequestFailure('AbortError', 'Request aborted');
  return new RequestFailure('NetworkError', 'Network Error');
}

/**
 * One JSON request. Resolves with any HTTP status; rejects only when there is no response
 * (network failure, timeout, abort), with a `RequestFailure`: what callers decide to retry on.
 */
export async function requestJson(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  { timeoutMs = DEFAULT_TIMEOUT_MS, keepalive = false }: RequestOptions = {},
): Promise<JsonResponse> {
  try {
    return await send(method, url, body, timeoutMs, keepalive);
  } catch (error) {
    throw requestFailure(error, timeoutMs);
  }
}

async function send(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  timeoutMs: number,
  keepalive: boolean,
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
  return { status: response.status, ok: response.ok, data, headers: response.headers };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
