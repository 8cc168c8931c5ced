import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf } from '../db/connection.js';
import type { Db } from '../db/schema.js';

/**
 * The sign-in lockout (docs/decisions/0055-staff-lockout-by-account-and-address.md). An attempt
 * is reserved before any work: the counts and the new row are one serialised transaction, so
 * however many requests arrive at once, no more than the limit ever reach a password hash or a
 * TOTP check. The row is then marked failed or succeeded.
 *
 * - A password failure counts for the account from that address: five lock that address out
 *   of that account only, so a stranger cannot lock anyone out but themselves.
 * - A wrong TOTP code counts for the account, from anywhere: only someone holding the password
 *   gets that far, so five lock the account (and its owner is told their password is known).
 * - Thirty password failures of one account within an hour, from any addresses, lock it for
 *   every address but those it signed in from successfully within 30 days.
 * - Twenty failures from one address, whatever the accounts, refuse that address.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const PAIR_FAILURE_LIMIT = 5;
export const CODE_FAILURE_LIMIT = 5;
export const ACCOUNT_FAILURE_LIMIT = 30;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
export const ADDRESS_FAILURE_LIMIT = 20;
/** An address a member signed in from (password and code) stays trusted this long. */
export const TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Failed and pending rows are kept a day, then deleted: the table stays small. */
export const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;

export type LockReason = 'pair' | 'code' | 'account' | 'address';
export type Step = 'password' | 'code';

export type Reservation =
  { ok: true; id: number } | { ok: false; reason: LockReason; retryAfterSeconds: number };

/** How an attempt is counted: the account tried (a member's id, or a keyed hash) and where from. */
export interface AttemptKey {
  accountKey: string;
  ip: string;
  step: Step;
}

export function memberAccountKey(staffId: string): string {
  return `staff:${staffId}`;
}

/**
 * What a stranger typed as an e-mail address, kept only as an HMAC under a server secret: the
 * lockout can count it, and nobody reading the table learns what was typed
 * (docs/decisions/0057-anonymous-sign-in-failures-and-incremental-audit-chain.md).
 */
export function typedAccountKey(secret: string, typed: string): string {
  return `hmac:${createHmac('sha256', secret).update(`staff sign-in\n${typed}`).digest('hex')}`;
}

// Any 64-bit number: the PostgreSQL advisory lock that serialises reservations.
const RESERVATION_LOCK = 7_026_055;
const COUNTED = ['pending', 'failed'] as const;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The oldest of the counted rows decides when the lock they make ends. */
function retryAfter(rows: { at: string }[], limit: number, windowMs: number, now: Date): number {
  const sorted = rows.map((row) => Date.parse(row.at)).sort((a, b) => b - a);
  const freeing = sorted[limit - 1] ?? now.getTime();
  return seconds(freeing + windowMs - now.getTime());
}

export function createAttempts(db: Db) {
  const postgres = dialectOf(db) === 'postgres';

  return {
    /** Reserves one attempt, or says which lock refuses it. */
    async reserve(key: AttemptKey, now: Date): Promise<Reservation> {
      return db.transaction().execute(async (trx) => {
        // SQLite runs one transaction at a time on the server's single connection.
        if (postgres) await sql`select pg_advisory_xact_lock(${RESERVATION_LOCK})`.execute(trx);
        const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
        const hourStart = new Date(now.getTime() - ACCOUNT_WINDOW_MS).toISOString();

        const byAddress = await trx
          .selectFrom('staff_sign_in_attempts')
          .select('at')
          .where('ip', '=', key.ip)
          .where('outcome', 'in', COUNTED)
          .where('at', '>', windowStart)
          .orderBy('at', 'desc')
          .limit(ADDRESS_FAILURE_LIMIT)
          .execute();
        if (byAddress.length >= ADDRESS_FAILURE_LIMIT) {
          return {
            ok: false,
            reason: 'address',
            retryAfterSeconds: retryAfter(byAddress, ADDRESS_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, now),
          };
        }

        const account = await trx
          .selectFrom('staff_sign_in_attempts')
          .select(['ip', 'step', 'outcome', 'at'])
          .where('account_key', '=', key.accountKey)
          .where('at', '>', hourStart)
          .where('outcome', 'in', COUNTED)
          .orderBy('at', 'desc')
          .execute();
        const codes = account.filter((row) => row.step === 'code' && row.at > windowStart);
        if (codes.length >= CODE_FAILURE_LIMIT) {
          return {
            ok: false,
            reason: 'code',
            retryAfterSeconds: retryAfter(codes, CODE_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, now),
          };
        }
        const passwords = account.filter((row) => row.step === 'password');
        if (key.step === 'password' && passwords.length >= ACCOUNT_FAILURE_LIMIT) {
          const trusted = await trx
            .selectFrom('staff_sign_in_attempts')
            .select('id')
            .where('account_key', '=', key.accountKey)
            .where('ip', '=', key.ip)
            .where('step', '=', 'code')
            .where('outcome', '=', 'succeeded')
            .where('at', '>', new Date(now.getTime() - TRUSTED_ADDRESS_MS).toISOString())
            .limit(1)
            .executeTakeFirst();
          if (!trusted) {
            return {
              ok: false,
              reason: 'account',
              retryAfterSeconds: retryAfter(
                passwords,
                ACCOUNT_FAILURE_LIMIT,
                ACCOUNT_WINDOW_MS,
                now,
              ),
            };
          }
        }
        const pair = passwords.filter((row) => row.ip === key.ip && row.at > windowStart);
        if (key.step === 'password' && pair.length >= PAIR_FAILURE_LIMIT) {
          return {
            ok: false,
            reason: 'pair',
            retryAfterSeconds: retryAfter(pair, PAIR_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, now),
          };
        }

        const row = await trx
          .insertInto('staff_sign_in_attempts')
          .values({
            account_key: key.accountKey,
            ip: key.ip,
            step: key.step,
            outcome: 'pending',
            at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { ok: true, id: Number(row.id) };
      });
    },

    /**
     * Marks a reserved attempt failed; answers the lock this failure just started, if any (the
     * one that reached its limit with it), so that it is audited and told once.
     */
    async fail(id: number, key: AttemptKey, now: Date): Promise<LockReason | null> {
      return db.transaction().execute(async (trx) => {
        // Under the reservations' lock, so two failures at once cannot both see the limit reached.
        if (postgres) await sql`select pg_advisory_xact_lock(${RESERVATION_LOCK})`.execute(trx);
        await trx
          .updateTable('staff_sign_in_attempts')
          .set({ outcome: 'failed' })
          .where('id', '=', id)
          .execute();
        const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
        const hourStart = new Date(now.getTime() - ACCOUNT_WINDOW_MS).toISOString();
        const count = async (filter: 'pair' | 'code' | 'account') => {
          let query = trx
            .selectFrom('staff_sign_in_attempts')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('account_key', '=', key.accountKey)
            .where('outcome', '=', 'failed')
            .where('step', '=', key.step)
            .where('at', '>', filter === 'account' ? hourStart : windowStart);
          if (filter === 'pair') query = query.where('ip', '=', key.ip);
          return Number((await query.executeTakeFirstOrThrow()).n);
        };
        if (key.step === 'code') {
          return (await count('code')) === CODE_FAILURE_LIMIT ? 'code' : null;
        }
        if ((await count('account')) === ACCOUNT_FAILURE_LIMIT) return 'account';
        return (await count('pair')) === PAIR_FAILURE_LIMIT ? 'pair' : null;
      });
    },

    /**
     * Marks a reserved attempt succeeded. A full sign-in (the code step) forgives the account's
     * earlier failures from that address and its wrong codes: they counted towards locks the
     * owner has now shown they did not need.
     */
    async succeed(id: number, key: AttemptKey): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff_sign_in_attempts')
          .set({ outcome: 'succeeded' })
          .where('id', '=', id)
          .execute();
        if (key.step !== 'code') return;
        await trx
          .updateTable('staff_sign_in_attempts')
          .set({ outcome: 'forgiven' })
          .where('account_key', '=', key.accountKey)
          .where('outcome', '=', 'failed')
          .where((eb) => eb.or([eb('ip', '=', key.ip), eb('step', '=', 'code')]))
          .execute();
      });
    },

    /** A reserved attempt that never reached its check (the hashing pool was full). */
    async release(id: number): Promise<void> {
      await db.deleteFrom('staff_sign_in_attempts').where('id', '=', id).execute();
    },

    /** An admin's unlock: every failure of the account stops counting. */
    async forgiveAccount(accountKey: string): Promise<number> {
      const result = await db
        .updateTable('staff_sign_in_attempts')
        .set({ outcome: 'forgiven' })
        .where('account_key', '=', accountKey)
        .where('outcome', 'in', COUNTED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Until when each member account is locked, for whatever reason, at `now`. */
    async lockedAccounts(now: Date): Promise<Map<string, Date>> {
      const hourStart = new Date(now.getTime() - ACCOUNT_WINDOW_MS).toISOString();
      const rows = await db
        .selectFrom('staff_sign_in_attempts')
        .select(['account_key', 'ip', 'step', 'at'])
        .where('account_key', 'like', 'staff:%')
        .where('outcome', 'in', COUNTED)
        .where('at', '>', hourStart)
        .orderBy('at', 'desc')
        .execute();
      const byAccount = new Map<string, typeof rows>();
      for (const row of rows) {
        byAccount.set(row.account_key, [...(byAccount.get(row.account_key) ?? []), row]);
      }
      const locked = new Map<string, Date>();
      const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
      const until = (list: { at: string }[], limit: number, windowMs: number) =>
        new Date(now.getTime() + retryAfter(list, limit, windowMs, now) * 1000);
      for (const [accountKey, list] of byAccount) {
        const id = accountKey.slice('staff:'.length);
        const codes = list.filter((row) => row.step === 'code' && row.at > windowStart);
        const passwords = list.filter((row) => row.step === 'password');
        const ends: Date[] = [];
        if (codes.length >= CODE_FAILURE_LIMIT) {
          ends.push(until(codes, CODE_FAILURE_LIMIT, SIGN_IN_WINDOW_MS));
        }
        if (passwords.length >= ACCOUNT_FAILURE_LIMIT) {
          ends.push(until(passwords, ACCOUNT_FAILURE_LIMIT, ACCOUNT_WINDOW_MS));
        }
        const byIp = new Map<string, { at: string }[]>();
        for (const row of passwords.filter((entry) => entry.at > windowStart)) {
          byIp.set(row.ip, [...(byIp.get(row.ip) ?? []), row]);
        }
        for (const pair of byIp.values()) {
          if (pair.length >= PAIR_FAILURE_LIMIT) {
            ends.push(until(pair, PAIR_FAILURE_LIMIT, SIGN_IN_WINDOW_MS));
          }
        }
        if (ends.length > 0) locked.set(id, new Date(Math.max(...ends.map(Number))));
      }
      return locked;
    },

    /** Deletes what no lock can need any more; a successful sign-in's row lives 30 days. */
    async prune(now: Date): Promise<void> {
      await db
        .deleteFrom('staff_sign_in_attempts')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('outcome', '!=', 'succeeded'),
              eb('at', '<', new Date(now.getTime() - ATTEMPT_RETENTION_MS).toISOString()),
            ]),
            eb('at', '<', new Date(now.getTime() - TRUSTED_ADDRESS_MS).toISOString()),
          ]),
        )
        .execute();
    },
  };
}

export type Attempts = ReturnType<typeof createAttempts>;
