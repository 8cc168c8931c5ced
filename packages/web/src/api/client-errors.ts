import { requestJson } from './http';

export type ClientErrorKind = 'error' | 'chunk' | 'unhandledrejection' | 'failure';

export interface ClientErrorReport {
  message: string;
  name?: string;
  kind: ClientErrorKind;
  url?: string;
  operation?: string;
  stack?: string;
}

// A page stuck in an error loop must not flood the endpoint.
const MAX_REPORTS_PER_PAGE = 20;
let sent = 0;

function clip(value: string | undefined, max: number): string | undefined {
  return value === undefined ? undefined : value.slice(0, max);
}

/** POST /api/client-errors; never throws, since it runs while something else already failed. */
export function reportClientError(report: ClientErrorReport): void {
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  const body: ClientErrorReport = {
    kind: report.kind,
    message: clip(report.message, 1000) ?? '',
    name: clip(report.name, 200),
    url: clip(report.url ?? window.location.pathname, 500),
    operation: clip(report.operation, 200),
    stack: clip(report.stack, 4000),
  };
  requestJson('POST', '/api/client-errors', body, { keepalive: true, timeoutMs: 10_000 }).catch(
    () => undefined,
  );
}

export function reportError(error: unknown, kind: ClientErrorKind, operation?: string): void {
  const err = error instanceof Error ? error : new Error(String(error));
  reportClientError({ kind, message: err.message, name: err.name, stack: err.stack, operation });
}
