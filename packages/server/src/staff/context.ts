import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { LenderPanel } from '@broker/domain';
import type { Environment } from '../config.js';
import { z } from 'zod';
import type {
  ApplicationActivityTable,
  ApplicationRow,
  Db,
  StaffMemberRow,
  StaffRole,
} from '../db/schema.js';
import type { Clock } from '../applications/decide.js';
import type { MailTransport } from '../portal/mail.js';
import type { DocumentStore } from '../documents/store.js';
import type { DuplicateRoutesOptions } from './duplicates.js';
import { createAttempts } from './attempts.js';
import type { Attempts } from './attempts.js';
import { appendAudit } from './audit.js';
import type { AuditEntry } from './audit.js';
import { createGuard, isCrossSite, sessionCookieName } from './auth.js';
import type { HashPool } from './hash-pool.js';
import { csrfTokenFor, SESSION_IDLE_MS, toStaffMember } from './repository.js';
import { createSessionRepository, createStaffRepository } from './repository.js';
import type { SessionRepository, StaffRepository } from './repository.js';
import { signInRefused } from './sign-in-events.js';

export const STAFF_MESSAGES = {
  invalidCredentials: 'The e-mail address or password is not right',
  invalidCode: 'The code is not right. Enter the 6-digit code your authenticator app shows now',
  signInExpired: 'Signing in took too long. Start again with your e-mail address and password',
  locked: 'Too many attempts to sign in. Wait 15 minutes and try again, or ask an admin for help',
  rateLimited: 'Too many requests to sign in. Wait a minute and try again',
  busy: 'Signing in is busy just now. Wait a few seconds and try again',
  invalidSetupLink: 'This set-up link is not valid or has expired. Ask an admin for a new one',
  emailTaken: 'A member of staff already has this e-mail address',
} as const;

/** Seconds a client is told to wait when the hashing pool's queue is full. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export interface StaffRoutesOptions {
  db: Db;
  clock: Clock;
  environment: Environment;
  /** Where password hashes run (hash-pool.ts). */
  hashPool: HashPool;
  /** Keys the HMAC of what strangers type as an e-mail address (attempts.ts). */
  identifierSecret: string;
  /** Sign-in and set-up requests a minute per address; 0: no limit. */
  signInPerMinute: number;
  /** Tells a member their account was locked (lock-mail.ts). */
  mail: { transport: MailTransport; from: string; company: string };
  /** The lender panel in use: which lenders could lend on an application (applications.ts). */
  panel?: LenderPanel;
  /** Documents asked for by upload link (docs/documents.md): where files go, the link's origin. */
  documents?: { store: DocumentStore; publicBaseUrl: string; uploadsPerMinute: number };
  /** Releasing a possible duplicate decides and delivers it (staff/duplicates.ts). */
  duplicates?: Pick<DuplicateRoutesOptions, 'evaluate' | 'decidedEvents' | 'newApplicationId'>;
}

/** What a staff route file needs: the database, the clock, the guard and the audit. */
export interface StaffRouteDependencies {
  db: Db;
  clock: Clock;
  /** The `onRequest` hook that lets `roles` through (auth.ts createGuard). */
  guard: (roles: readonly StaffRole[]) => onRequestAsyncHookHandler;
  audit: (request: FastifyRequest, entry: AuditEntry) => Promise<void>;
}

/** What the staff route files share: repositories, the guard, the audit, the answers. */
export interface StaffContext extends StaffRoutesOptions {
  members: StaffRepository;
  sessions: SessionRepository;
  attempts: Attempts;
  guard: ReturnType<typeof createGuard>;
  cookieName: string;
  audit: (request: FastifyRequest, entry: AuditEntry) => Promise<void>;
  /**
   * The `onRequest` hooks of sign-in and set-up: the request limits (one count across these
   * routes), then fetch metadata and Origin, as no session guards them yet.
   */
  beforeSignIn: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>)[];
}

export function createStaffContext(
  app: FastifyInstance,
  options: StaffRoutesOptions,
): StaffContext {
  const { db, clock, environment } = options;
  const members = createStaffRepository(db);
  const sessions = createSessionRepository(db);
  return {
    ...options,
    members,
    sessions,
    attempts: createAttempts(db),
    guard: createGuard({ db, clock, environment, members, sessions }),
    cookieName: sessionCookieName(environment),
    audit: (request, entry) =>
      appendAudit(
        db,
        {
          actorId: request.staff?.member.id ?? null,
          actorEmail: request.staff?.member.email_lower ?? null,
          ip: request.ip,
          ...entry,
        },
        clock.now(),
      ),
    beforeSignIn: [
      ...signInRateLimit(app, options.signInPerMinute),
      async (request, reply) => {
        if (isCrossSite(request)) return reply.code(403).send({ error: 'csrf' });
      },
    ],
  };
}

/** The path's `:id` of a case route (other path parameters, such as a document's, may follow). */
const caseParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The row the path names, or null once 404 `not_found` is answered: a malformed path is not
 * found, like an unknown row. `params` parses the path; `find` loads the row.
 */
export async function findOr404<P, T>(
  request: FastifyRequest,
  reply: FastifyReply,
  params: z.ZodType<P>,
  find: (params: P) => Promise<T | null | undefined>,
): Promise<T | null> {
  const parsed = params.safeParse(request.params);
  const row = parsed.success ? await find(parsed.data) : undefined;
  if (row === undefined || row === null) {
    await reply.code(404).send({ error: 'not_found' });
    return null;
  }
  return row;
}

/**
 * The case (application row) a route's `:id` names, with the `columns` it needs, or null once
 * 404 `not_found` is answered. Case routes call it first, then act and audit.
 */
export function loadCase<C extends keyof ApplicationRow>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  columns: readonly C[],
): Promise<Pick<ApplicationRow, C> | null> {
  return findOr404(request, reply, caseParams, ({ id }) =>
    db.selectFrom('applications').select(columns).where('id', '=', id).executeTakeFirst(),
  ) as Promise<Pick<ApplicationRow, C> | null>;
}

/**
 * A line on a case's timeline by the member acting (docs/back-office.md): what staff did, in the
 * case's own table, so that erasure removes it with the case. `db` may be a transaction.
 */
export async function addToTimeline(
  db: Db,
  staff: StaffMemberRow,
  entry: { rowId: number; at: string; kind: ApplicationActivityTable['kind']; text: string },
): Promise<void> {
  await db
    .insertInto('application_activity')
    .values({
      application_row_id: entry.rowId,
      at: entry.at,
      staff_id: staff.id,
      staff_email: staff.email_lower,
      kind: entry.kind,
      text: entry.text,
    })
    .execute();
}

export function invalid(reply: FastifyReply, fields: { path: string; message: string }[]) {
  return reply.code(400).send({ error: 'invalid', fields });
}

export function sessionBody(member: StaffMemberRow, sessionId: string) {
  return {
    staff: toStaffMember(member),
    csrfToken: csrfTokenFor(sessionId),
    idleTimeoutSeconds: SESSION_IDLE_MS / 1000,
  };
}

/** 503 with Retry-After: the hashing pool's queue is full (decision 0056). */
export function busy(reply: FastifyReply, step: 'password' | 'code' | 'setup') {
  signInRefused({ step, reason: 'busy' });
  return reply
    .code(503)
    .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
    .send({ error: 'busy', message: STAFF_MESSAGES.busy });
}

/**
 * The sign-in and set-up routes' request limits (decision 0056), run first in `onRequest`:
 * `perMinute` a minute from one address across these routes, and six times that from all
 * addresses together, both counted before any body is read or any hash is started.
 */
export function signInRateLimit(app: FastifyInstance, perMinute: number) {
  if (perMinute <= 0) return [];
  const limits = [
    app.createRateLimit({
      max: perMinute,
      timeWindow: '1 minute',
      keyGenerator: (request) => `staff-sign-in|${request.ip}`,
    }),
    app.createRateLimit({
      max: perMinute * 6,
      timeWindow: '1 minute',
      keyGenerator: () => 'staff-sign-in|all',
    }),
  ];
  return [
    async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limit of limits) {
        const result = await limit(request);
        if (result.isAllowed || !result.isExceeded) continue;
        signInRefused({
          step: request.url.startsWith('/api/staff/setup') ? 'setup' : 'password',
          reason: 'rate_limited',
        });
        return reply
          .code(429)
          .header('retry-after', String(result.ttlInSeconds))
          .send({ error: 'rate_limited', message: STAFF_MESSAGES.rateLimited });
      }
    },
  ];
}
