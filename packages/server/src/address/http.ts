import { AddressProviderError } from './types.js';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 5000;

export interface JsonResponse {
  status: number;
  body: unknown;
}

/**
 * GET a provider URL and parse its JSON. Transport failures become AddressProviderError without
 * the URL, which holds the postcode and, for some providers, the API key.
 */
export async function getJson(
  provider: string,
  url: URL,
  timeoutMs: number,
): Promise<JsonResponse> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new AddressProviderError(provider, 'timeout', `no answer within ${timeoutMs} ms`);
    }
    throw new AddressProviderError(provider, 'network', 'request failed');
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    // A gateway's HTML error page is a status problem; a 200 that is not JSON is a broken answer.
    throw response.ok
      ? new AddressProviderError(
          provider,
          'malformed_response',
          'answer is not JSON',
          response.status,
        )
      : new AddressProviderError(
          provider,
          'http_status',
          `HTTP ${response.status}`,
          response.status,
        );
  }
}
