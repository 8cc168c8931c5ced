import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { SubmissionPayload } from '@broker/domain';
import type { StaffRole } from '../db/schema.js';
import type { DialectName, TestApp, TestDatabase } from './databases.js';
import { openTestDatabase, startTestApp } from './databases.js';
import { validPayload } from './fixtures.js';
import type { SignedIn, TestStaff } from './staff.js';
import { addActiveStaff, signIn } from './staff.js';

/** Two applicants the back office's search tells apart; both live at the fixture's postcode. */
export const KATHERINE_JOHNSON = {
  firstName: 'Katherine',
  lastName: 'Johnson',
  email: 'k.johnson@example.com',
  contactNumber: '07911900456',
} satisfies Partial<SubmissionPayload>;

export const DOROTHY_VAUGHAN = {
  firstName: 'Dorothy',
  lastName: 'Vaughan',
  email: 'd.vaughan@example.com',
  contactNumber: '07911900789',
} satisfies Partial<SubmissionPayload>;

export interface SubmittedApplication {
  payload: SubmissionPayload;
  applicationId: string | null;
  reference: string;
}

export interface StaffApplications<Role extends StaffRole> {
  /** Set in `beforeAll`: read them inside a test or hook, never in the describe's body. */
  readonly database: TestDatabase;
  readonly t: TestApp;
  /** Each role's member of staff and their signed-in session. */
  readonly staff: Readonly<Record<Role, TestStaff>>;
  readonly sessions: Readonly<Record<Role, SignedIn>>;
  /** A complete vehicle application posted through the applicant's route (expects 200). */
  submit(overrides?: Partial<SubmissionPayload>): Promise<SubmittedApplication>;
}

/**
 * What the back office's application list and export tests share (docs/back-office.md): in the
 * calling describe, a fresh database on `dialect` with the app started and one member of staff
 * per role signed in through the real routes, and every application deleted after each test.
 */
export function useStaffApplications<Role extends StaffRole>(
  dialect: DialectName,
  roles: readonly Role[],
): StaffApplications<Role> {
  let database: TestDatabase;
  let t: TestApp;
  const staff = {} as Record<Role, TestStaff>;
  const sessions = {} as Record<Role, SignedIn>;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
    t = await startTestApp(database);
    for (const role of roles) {
      staff[role] = await addActiveStaff(t, role);
      sessions[role] = await signIn(t, staff[role]);
    }
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  afterEach(async () => {
    await sql`delete from applications`.execute(database.db);
  });

  return {
    get database() {
      return database;
    },
    get t() {
      return t;
    },
    staff,
    sessions,
    /** A whole payload (one with its key) as it is, or the vehicle applicant's with changes. */
    async submit(overrides: Partial<SubmissionPayload> = {}) {
      const payload =
        overrides.submissionKey === undefined
          ? validPayload(overrides)
          : (overrides as SubmissionPayload);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ applicationId: string | null; reference: string }>();
      return { payload, applicationId: answer.applicationId, reference: answer.reference };
    },
  };
}
