import { reportClientError } from '../api/client-errors';
import { asChunkLoadError } from '../lib/chunk-load';

/**
 * docs/product.md §8: global script errors and unhandled rejections are reported as failure messages
 * (kind 'failure'); a page chunk that failed to load keeps its own kind, 'chunk'.
 */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    const error: unknown = event.error;
    const err = error instanceof Error ? error : null;
    reportClientError({
      kind: 'failure',
      message: err?.message ?? event.message,
      name: err?.name,
      stack: err?.stack,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const chunk = asChunkLoadError(reason);
    const err = chunk ?? (reason instanceof Error ? reason : new Error(String(reason)));
    reportClientError({
      kind: chunk ? 'chunk' : 'failure',
      message: err.message,
      name: err.name,
      stack: err.stack,
    });
  });
}
