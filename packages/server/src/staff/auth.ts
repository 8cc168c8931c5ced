import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Environment } from '../config.js';
import type { Db, StaffMemberRow, StaffRole } from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import { appendAudit } from './audit.js';
import type { SessionRepository, StaffRepository } from './repository.js';
import { csrfTokenFor, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './repository.js';

/** Who is asking, once `guard` has let a request through. */
export interface StaffContext {
  member: StaffMemberRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffContext;
  }
}

export const ALL_ROLES: readonly StaffRole[] = ['agent', 'admin', 'auditor'];

/**
 * The session cookie (decision 0026): httpOnly, SameSite=Strict, and outside local runs Secure
 * with the __Host- prefix (the browser then refuses it over http, from a subdomain or with a
 * Domain attribute). No Max-Age: the server decides when a session ends.
 */
export function sessionCookieName(environment: Environment): string {
  return environment === 'local' ? 'bo_session' : '__Host-bo_session';
}

function cookieAttributes(environment: Environment): string {
  return `Path=/; HttpOnly; SameSite=Strict${environment === 'local' ? '' : '; Secure'}`;
}

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setSessionCookie(reply: FastifyReply, environment: Environment, id: string): void {
  void reply.header(
    'set-cookie',
    `${sessionCookieName(environment)}=${id}; ${cookieAttributes(environment)}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, environment: Environment): void {
  void reply.header(
    'set-cookie',
    `${sessionCookieName(environment)}=; ${cookieAttributes(environment)}; Max-Age=0`,
  );
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Fetch metadata and Origin (decision 0026): a browser tells which site a request comes from;
 * anything but this origin is refused before any work. Clients that send neither (the tests,
 * curl) still need the session's CSRF token on every authenticated state change.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    // Compared as URLs so that a default port written or not ('host:80') makes no difference.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return true;
  }
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface GuardDependencies {
  db: Db;
  clock: Clock;
  environment: Environment;
  members: StaffRepository;
  sessions: SessionRepository;
}

/**
 * The check in front of every staff route: a live, signed-in session (else 401), a valid CSRF
 * token on a state change (else 403 `csrf`), then one of `roles` (else 403 `forbidden`). A
 * request that passes counts as activity and moves the idle expiry on. Every staff route runs it
 * as its `onRequest` hook: a refused request is answered before its body is read or parsed.
 */
export function createGuard(deps: GuardDependencies) {
  const cookieName = sessionCookieName(deps.environment);
  return (roles: readonly StaffRole[]): onRequestAsyncHookHandler => {
    const hook: onRequestAsyncHookHandler = async function guard(request, reply) {
      const now = deps.clock.now();
      const sessionId = readCookie(request, cookieName);
      const session = sessionId === null ? undefined : await deps.sessions.find(sessionId);
      if (sessionId === null || !session || session.stage !== 'full') {
        return reply.code(401).send({ error: 'unauthenticated' });
      }
      const idleFor = now.getTime() - new Date(session.last_seen_at).getTime();
      const age = now.getTime() - new Date(session.created_at).getTime();
      const member = await deps.members.byId(session.staff_id);
      if (idleFor >= SESSION_IDLE_MS || age >= SESSION_ABSOLUTE_MS || member?.status !== 'active') {
        await deps.sessions.remove(sessionId);
        clearSessionCookie(reply, deps.environment);
        if (member) {
          await appendAudit(
            deps.db,
            {
              action: 'session-expired',
              actorId: member.id,
              actorEmail: member.email_lower,
              detail: { reason: idleFor >= SESSION_IDLE_MS ? 'idle' : 'absolute' },
              ip: request.ip,
            },
            now,
          );
        }
        return reply.code(401).send({ error: 'session_expired' });
      }
      if (STATE_CHANGING.has(request.method)) {
        const token = request.headers['x-csrf-token'];
        if (isCrossSite(request) || !sameToken(token, csrfTokenFor(sessionId))) {
          await appendAudit(
            deps.db,
            {
              action: 'csrf-refused',
              actorId: member.id,
              actorEmail: member.email_lower,
              target: request.routeOptions.url ?? null,
              ip: request.ip,
            },
            now,
          );
          return reply.code(403).send({ error: 'csrf' });
        }
      }
      if (!roles.includes(member.role)) {
        return reply.code(403).send({ error: 'forbidden' });
      }
      await deps.sessions.touch(sessionId, now);
      request.staff = { member, sessionId };
    };
    GUARDS.set(hook, roles);
    return hook;
  };
}

const GUARDS = new WeakMap<object, readonly StaffRole[]>();

/**
 * The roles a hook made by `createGuard` lets through, or null for any other function: how a
 * test walks the routes and finds each one's guard among its `onRequest` hooks.
 */
export function guardedRoles(hook: unknown): readonly StaffRole[] | null {
  return typeof hook === 'function' ? (GUARDS.get(hook) ?? null) : null;
}
