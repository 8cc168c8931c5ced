import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf } from '../db/connection.js';
import type { Db, StaffAuditRow } from '../db/schema.js';

/**
 * The append-only audit log (decision 0028). Each entry's hash covers its own fields and the
 * previous entry's hash, so changing, removing or reordering any entry breaks every hash after
 * it; `verifyAuditChain` recomputes them. The database refuses updates and deletes (triggers of
 * migration 0005) and two entries cannot follow the same one (prev_hash is unique).
 */
export const GENESIS_HASH = '0'.repeat(64);

export type AuditAction =
  | 'staff-added'
  | 'staff-setup-link'
  | 'staff-setup-completed'
  | 'staff-disabled'
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'sign-out'
  | 'session-expired'
  | 'csrf-refused'
  | 'audit-viewed'
  | 'staff-listed'
  | 'applications-searched'
  | 'application-viewed'
  | 'note-added'
  | 'status-changed'
  | 'assigned'
  | 'funnel-viewed'
  | 'subject-access'
  | 'erased'
  | 'disclosure-text-viewed'
  // docs/decisions/0030-application-reference.md
  | 'applications-exported'
  | 'delivery-redelivered'
  // docs/decisions/0051-duplicates-stored-linked-released.md
  | 'duplicate-released';

export interface AuditEntry {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  /** What was acted on: an application id, a staff member's id. */
  target?: string | null;
  /** Never personal data of applicants beyond what identifies the record worked on. */
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

type HashedFields = Pick<
  StaffAuditRow,
  'at' | 'actor_id' | 'actor_email' | 'action' | 'target' | 'detail_json' | 'ip' | 'prev_hash'
>;

export function auditHash(fields: HashedFields): string {
  const canonical = JSON.stringify([
    fields.prev_hash,
    fields.at,
    fields.actor_id,
    fields.actor_email,
    fields.action,
    fields.target,
    fields.detail_json,
    fields.ip,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

// Any 64-bit number: the PostgreSQL advisory lock that serialises appends to the chain.
const AUDIT_LOCK = 7_026_028;

/** Appends one entry at the end of the chain. */
export async function appendAudit(db: Db, entry: AuditEntry, now: Date): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        if (postgres) await sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`.execute(trx);
        const last = await trx
          .selectFrom('staff_audit_log')
          .select('hash')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        const fields: HashedFields = {
          at: now.toISOString(),
          actor_id: entry.actorId ?? null,
          actor_email: entry.actorEmail ?? null,
          action: entry.action,
          target: entry.target ?? null,
          detail_json: entry.detail ? JSON.stringify(entry.detail) : null,
          ip: entry.ip ?? null,
          prev_hash: last?.hash ?? GENESIS_HASH,
        };
        await trx
          .insertInto('staff_audit_log')
          .values({ ...fields, hash: auditHash(fields) })
          .execute();
      });
      return;
    } catch (error) {
      // Another process (the staff command beside the server on SQLite) appended first.
      if (attempt >= 5) throw error;
    }
  }
}

export type ChainCheck = { intact: true; entries: number } | { intact: false; brokenAt: number };

/** Recomputes every hash from the first entry on. */
export async function verifyAuditChain(db: Db): Promise<ChainCheck> {
  let previous = GENESIS_HASH;
  let afterId = 0;
  let entries = 0;
  for (;;) {
    const page = await db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (page.length === 0) return { intact: true, entries };
    for (const row of page) {
      if (row.prev_hash !== previous || auditHash(row) !== row.hash) {
        return { intact: false, brokenAt: row.id };
      }
      previous = row.hash;
      afterId = row.id;
      entries += 1;
    }
  }
}

/** Failed sign-ins since `since`, by the e-mail tried or by the address they came from. */
export async function countFailedSignIns(
  db: Db,
  by: { email: string } | { ip: string },
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('staff_audit_log')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('action', '=', 'sign-in-failed')
    .where('at', '>', since.toISOString())
    .where((eb) => ('email' in by ? eb('actor_email', '=', by.email) : eb('ip', '=', by.ip)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The last successful sign-in of an account, if any: failures before it no longer count. */
export async function lastSignIn(db: Db, email: string): Promise<Date | null> {
  const row = await db
    .selectFrom('staff_audit_log')
    .select('at')
    .where('action', '=', 'sign-in')
    .where('actor_email', '=', email)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.at) : null;
}
