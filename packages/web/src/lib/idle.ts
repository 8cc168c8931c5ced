/**
 * Runs `run` in the browser's next idle moment, or after `timeoutMs` at the latest (a timer
 * where requestIdleCallback is missing); returns the function that cancels it.
 */
export function onIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}
