import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf } from '../db/connection.js';
import type { AuditAction } from '@broker/domain';
import type { Db, StaffAuditRow } from '../db/schema.js';

/**
 * The append-only audit log (decision 0028). Each entry's hash covers its own fields and the
 * previous entry's hash, so changing, removing or reordering any entry breaks every hash after
 * it; `verifyAuditChain` recomputes them. The database refuses updates and deletes (triggers of
 * migration 0005) and two entries cannot follow the same one (prev_hash is unique).
 */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEntry {
  /** One of the kinds listed in the domain package, which the back office puts in words. */
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

export type ChainCheck =
  { intact: true; entries: number; verifiedFrom: number } | { intact: false; brokenAt: number };

const CHECKPOINT = 'audit-chain';

/**
 * Verifies the chain (docs/decisions/0057-anonymous-sign-in-failures-and-incremental-audit-chain.md).
 * Incrementally by default: from the last entry a verification found intact (the checkpoint),
 * whose stored hash must still be there and still match its entry, so a rewrite of the log up to
 * and past it is caught; the entries before it are not read again. `full` recomputes every hash
 * from the first entry, which also catches an edit before the checkpoint that left the later
 * hashes alone. Either moves the checkpoint forward when the chain holds.
 */
export async function verifyAuditChain(
  db: Db,
  options: { full?: boolean; now?: Date } = {},
): Promise<ChainCheck> {
  const checkpoint = options.full
    ? undefined
    : await db
        .selectFrom('staff_audit_checkpoint')
        .selectAll()
        .where('name', '=', CHECKPOINT)
        .executeTakeFirst();
  let previous = GENESIS_HASH;
  let afterId = 0;
  let entries = 0;
  if (checkpoint) {
    const anchor = await db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('id', '=', checkpoint.verified_id)
      .executeTakeFirst();
    if (!anchor || anchor.hash !== checkpoint.verified_hash || auditHash(anchor) !== anchor.hash) {
      return { intact: false, brokenAt: checkpoint.verified_id };
    }
    previous = anchor.hash;
    afterId = anchor.id;
    entries = checkpoint.entries;
  }
  const verifiedFrom = afterId;
  for (;;) {
    const page = await db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (page.length === 0) break;
    for (const row of page) {
      if (row.prev_hash !== previous || auditHash(row) !== row.hash) {
        return { intact: false, brokenAt: row.id };
      }
      previous = row.hash;
      afterId = row.id;
      entries += 1;
    }
  }
  if (afterId > 0) await saveCheckpoint(db, afterId, previous, entries, options.now ?? new Date());
  return { intact: true, entries, verifiedFrom };
}

/** Moves the checkpoint forward only: a slower verification finishing late cannot move it back. */
async function saveCheckpoint(db: Db, id: number, hash: string, entries: number, now: Date) {
  const values = {
    verified_id: id,
    verified_hash: hash,
    entries,
    verified_at: now.toISOString(),
  };
  await db
    .insertInto('staff_audit_checkpoint')
    .values({ name: CHECKPOINT, ...values })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet(values)
        .where('staff_audit_checkpoint.verified_id', '<', id),
    )
    .execute();
}
