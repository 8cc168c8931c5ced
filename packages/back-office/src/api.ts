/** The back office's calls to /api/staff: same origin, JSON, the CSRF token on every change. */

export type StaffRole = 'agent' | 'admin' | 'auditor';

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: 'pending' | 'active' | 'disabled';
  /** Set when failed sign-ins lock the account (the Staff list only). */
  lockedUntil?: string | null;
}

export interface Session {
  staff: StaffMember;
  csrfToken: string;
  idleTimeoutSeconds: number;
}

export interface FieldProblem {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; fields?: FieldProblem[] },
  ) {
    super(body.message ?? body.error ?? `HTTP ${status}`);
  }
}

let csrfToken: string | null = null;
let onSignedOut: (() => void) | null = null;

export function rememberSession(session: Session | null): void {
  csrfToken = session?.csrfToken ?? null;
}

/** Called when the server says the session has ended (idle, 12 hours, signed out elsewhere). */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const json = (await response.json().catch(() => ({}))) as T & ApiError['body'];
  if (!response.ok) {
    const error = new ApiError(response.status, json);
    const signedOut = json.error === 'unauthenticated' || json.error === 'session_expired';
    if (response.status === 401 && signedOut && !path.startsWith('/api/staff/sign-in')) {
      onSignedOut?.();
    }
    throw error;
  }
  return json;
}

/** A POST whose answer is a file (text), not JSON: the CSV export. */
export async function apiText(path: string, body: unknown): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const json = (await response.json().catch(() => ({}))) as ApiError['body'];
    throw new ApiError(response.status, json);
  }
  return response.text();
}
