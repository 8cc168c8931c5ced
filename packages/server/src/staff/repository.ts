import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Db, StaffMemberRow, StaffRole, StaffSessionRow } from '../db/schema.js';

export const STAFF_ROLES: readonly StaffRole[] = ['agent', 'admin', 'auditor'];

/** Decision 0026: sessions end after 30 minutes without a request, and 12 hours after sign-in. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Between the right password and the TOTP code. */
export const CODE_STAGE_MS = 5 * 60 * 1000;
/** How long a set-up link printed by the staff command stays usable. */
export const SETUP_LINK_MS = 72 * 60 * 60 * 1000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** 256 random bits, URL-safe: session ids and set-up tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The session's CSRF token (decision 0026): an HMAC keyed by the session id, so only a holder of
 * the cookie can compute it, the server stores nothing more, and it changes with the session.
 */
export function csrfTokenFor(sessionId: string): string {
  return createHmac('sha256', sessionId).update('back-office csrf').digest('base64url');
}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffMemberRow['status'];
}

export function toStaffMember(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email_lower,
    name: row.display_name,
    role: row.role,
    status: row.status,
  };
}

export function createStaffRepository(db: Db) {
  return {
    async add(
      input: { email: string; name: string; role: StaffRole },
      now: Date,
    ): Promise<{ member: StaffMember; setupToken: string }> {
      const setupToken = newToken();
      const row: StaffMemberRow = {
        id: randomUUID(),
        email_lower: input.email.trim().toLowerCase(),
        display_name: input.name.trim(),
        role: input.role,
        status: 'pending',
        password_hash: null,
        totp_secret: null,
        totp_last_step: null,
        setup_token_hash: sha256(setupToken),
        setup_expires_at: new Date(now.getTime() + SETUP_LINK_MS).toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        lock_mail_at: null,
      };
      await db.insertInto('staff_members').values(row).execute();
      return { member: toStaffMember(row), setupToken };
    },

    /**
     * A new set-up link for an existing member (a lost phone or password): the password and the
     * authenticator are cleared and every session ends.
     */
    async resetSetup(id: string, now: Date): Promise<string> {
      const setupToken = newToken();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff_members')
          .set({
            status: 'pending',
            password_hash: null,
            totp_secret: null,
            totp_last_step: null,
            setup_token_hash: sha256(setupToken),
            setup_expires_at: new Date(now.getTime() + SETUP_LINK_MS).toISOString(),
            updated_at: now.toISOString(),
          })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
      });
      return setupToken;
    },

    async disable(id: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff_members')
          .set({
            status: 'disabled',
            setup_token_hash: null,
            setup_expires_at: null,
            updated_at: now.toISOString(),
          })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
      });
    },

    byEmail(email: string): Promise<StaffMemberRow | undefined> {
      return db
        .selectFrom('staff_members')
        .selectAll()
        .where('email_lower', '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    byId(id: string): Promise<StaffMemberRow | undefined> {
      return db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The pending member a set-up token belongs to, while the link is valid. */
    async bySetupToken(token: string, now: Date): Promise<StaffMemberRow | undefined> {
      const row = await db
        .selectFrom('staff_members')
        .selectAll()
        .where('setup_token_hash', '=', sha256(token))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!row?.setup_expires_at || row.setup_expires_at <= now.toISOString()) return undefined;
      return row;
    },

    async setTotpSecret(id: string, secret: string, now: Date): Promise<void> {
      await db
        .updateTable('staff_members')
        .set({ totp_secret: secret, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async completeSetup(
      id: string,
      passwordHash: string,
      totpStep: number,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('staff_members')
        .set({
          status: 'active',
          password_hash: passwordHash,
          totp_last_step: totpStep,
          setup_token_hash: null,
          setup_expires_at: null,
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Records an accepted code's time step; false when another request used the same or a
     * later step first (a replayed code racing the original).
     */
    async acceptTotpStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('staff_members')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async list(): Promise<StaffMember[]> {
      const rows = await db
        .selectFrom('staff_members')
        .selectAll()
        .orderBy('email_lower')
        .execute();
      return rows.map(toStaffMember);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

export function createSessionRepository(db: Db) {
  return {
    /** A new session; returns its id, which only the cookie holds (the table has its hash). */
    async create(
      staffId: string,
      stage: StaffSessionRow['stage'],
      ip: string | null,
      now: Date,
    ): Promise<string> {
      const id = newToken();
      const lifetime = stage === 'code' ? CODE_STAGE_MS : SESSION_ABSOLUTE_MS;
      await db
        .insertInto('staff_sessions')
        .values({
          id_hash: sha256(id),
          staff_id: staffId,
          stage,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + lifetime).toISOString(),
          ip,
        })
        .execute();
      return id;
    },

    find(id: string): Promise<StaffSessionRow | undefined> {
      return db
        .selectFrom('staff_sessions')
        .selectAll()
        .where('id_hash', '=', sha256(id))
        .executeTakeFirst();
    },

    async touch(id: string, now: Date): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ last_seen_at: now.toISOString() })
        .where('id_hash', '=', sha256(id))
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('staff_sessions').where('id_hash', '=', sha256(id)).execute();
    },

    /** Ended sessions are removed when met; this clears the ones nobody came back to. */
    async removeExpired(now: Date): Promise<void> {
      const cutoff = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
      await db
        .deleteFrom('staff_sessions')
        .where((eb) =>
          eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', cutoff)]),
        )
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
