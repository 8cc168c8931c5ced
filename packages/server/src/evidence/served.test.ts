import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DisclosureEvidence, PayloadDisclosures } from '@broker/domain';
import { partialApplicantPayload } from '@broker/domain/testing';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload, validSecuredPayload } from '../test-support/fixtures.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { deleteExpired } from '../lifecycle/retention.js';
import { eraseSubject, findSubject, subjectAccessDocument } from '../lifecycle/subject.js';
import { DISCLOSURE_TEXTS } from './texts.generated.js';

// The server's own record of the texts it served to a session, and the browser's claims read
// against it (docs/evidence.md, decisions 0060 and 0061). Each attack is
// a script posting straight to the API, as a claims firm could.

const MINUTE = 60_000;
const sha = (text: string, version = 1) =>
  DISCLOSURE_TEXTS.find((entry) => entry.text === text && entry.version === version)!.sha256;

describe.each<DialectName>(['sqlite', 'postgres'])(
  'the record of texts served, and forged evidence, on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    // Each test starts an hour after the last, so no two share a session's times.
    let hour = 0;
    const nextSession = () => {
      hour += 1;
      const start = Date.parse('2026-03-10T10:00:00.000Z') + hour * 60 * MINUTE;
      t.clock.set(new Date(start));
      return {
        at: (minutes: number) => new Date(start + minutes * MINUTE).toISOString(),
        moveTo: (minutes: number) => t.clock.set(new Date(start + minutes * MINUTE)),
      };
    };

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });

    const serve = (key: string, shown: { text: string; version: number }[]) =>
      t.app.inject({ method: 'POST', url: `/api/disclosures/${key}`, payload: { shown } });

    async function submit(payload: Record<string, unknown>) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${String(payload.submissionKey)}`,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    /** What a member of staff is shown for the application with this key. */
    async function evidenceFor(key: string): Promise<DisclosureEvidence> {
      const row = await database.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', key)
        .executeTakeFirstOrThrow();
      const auditor = await signIn(t, await addActiveStaff(t, 'auditor'));
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${row.id}`,
        headers: auditor.headers(),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ evidence: DisclosureEvidence }>().evidence;
    }

    it('records on its own clock the versions it served to a session, before the application exists', async () => {
      const session = nextSession();
      const key = randomUUID();
      const first = await serve(key, [
        { text: 'broker-status', version: 1 },
        { text: 'commission', version: 1 },
      ]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        served: [
          { text: 'broker-status', version: 1, sha256: sha('broker-status'), at: session.at(0) },
          { text: 'commission', version: 1, sha256: sha('commission'), at: session.at(0) },
        ],
      });
      session.moveTo(3);
      expect((await serve(key, [{ text: 'commission', version: 1 }])).statusCode).toBe(200);
      const rows = await database.db
        .selectFrom('disclosures_served')
        .selectAll()
        .where('submission_key', '=', key)
        .orderBy('text_id')
        .execute();
      expect(
        rows.map((row) => ({ ...row, version: Number(row.version), times: Number(row.times) })),
      ).toEqual([
        {
          submission_key: key,
          text_id: 'broker-status',
          version: 1,
          first_served_at: session.at(0),
          last_served_at: session.at(0),
          times: 1,
        },
        {
          submission_key: key,
          text_id: 'commission',
          version: 1,
          first_served_at: session.at(0),
          last_served_at: session.at(3),
          times: 2,
        },
      ]);
    });

    it('refuses an unknown text or version naming the field, a body that is not JSON, and a bad key', async () => {
      nextSession();
      const key = randomUUID();
      const unknown = await serve(key, [
        { text: 'commission', version: 7 },
        { text: 'small-print', version: 1 },
      ]);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        error: 'invalid_request',
        fields: [
          { path: 'shown.0.version', message: 'Not a known version of this text' },
          { path: 'shown.1.text', message: 'Not a known text' },
        ],
      });
      const empty = await serve(key, []);
      expect(empty.statusCode).toBe(400);
      // A page on another site can post text/plain without asking; it is refused.
      const plain = await t.app.inject({
        method: 'POST',
        url: `/api/disclosures/${key}`,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ shown: [{ text: 'commission', version: 1 }] }),
      });
      expect(plain.statusCode).toBe(415);
      const badKey = await serve('no%20spaces', [{ text: 'commission', version: 1 }]);
      expect(badKey.statusCode).toBe(400);
      const rows = await database.db
        .selectFrom('disclosures_served')
        .select('text_id')
        .where('submission_key', '=', key)
        .execute();
      expect(rows).toEqual([]);
    });

    it('closes the record once the application is complete', async () => {
      nextSession();
      const payload = validPayload();
      await submit(payload);
      const late = await serve(payload.submissionKey, [{ text: 'commission', version: 1 }]);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'already_sent' });
      const rows = await database.db
        .selectFrom('disclosures_served')
        .select('text_id')
        .where('submission_key', '=', payload.submissionKey)
        .execute();
      expect(rows).toEqual([]);
    });

    it('shows staff an honest session’s texts as served by us, beside the browser’s claims, nothing marked', async () => {
      const session = nextSession();
      const payload = validSecuredPayload();
      const key = payload.submissionKey;
      await serve(key, [
        { text: 'broker-status', version: 1 },
        { text: 'commission', version: 1 },
      ]);
      session.moveTo(2);
      await serve(key, [
        { text: 'repossession-warning', version: 1 },
        { text: 'representative-example', version: 1 },
      ]);
      session.moveTo(9);
      await serve(key, [{ text: 'soft-search', version: 1 }]);
      const claims: PayloadDisclosures = {
        shown: [
          { text: 'broker-status', version: 1, at: session.at(0) },
          { text: 'commission', version: 1, at: session.at(0) },
          { text: 'repossession-warning', version: 1, at: session.at(2) },
          { text: 'representative-example', version: 1, at: session.at(2) },
          { text: 'soft-search', version: 1, at: session.at(9) },
        ],
        agreed: [
          { consent: 'soft-search', text: 'soft-search', version: 1, at: session.at(9) },
          { consent: 'terms', text: 'terms', version: 1, at: session.at(11) },
        ],
      };
      session.moveTo(15);
      await submit({ ...payload, disclosures: claims });

      const evidence = await evidenceFor(key);
      expect(evidence.servedAny).toBe(true);
      expect(evidence.sessionBegan).toBe(session.at(0));
      expect(evidence.receivedAt).toBe(session.at(15));
      expect(
        evidence.texts.map((row) => [row.text, row.sha256, row.served?.firstAt, row.claimed?.at]),
      ).toEqual([
        ['broker-status', sha('broker-status'), session.at(0), session.at(0)],
        ['commission', sha('commission'), session.at(0), session.at(0)],
        ['representative-example', sha('representative-example'), session.at(2), session.at(2)],
        ['repossession-warning', sha('repossession-warning'), session.at(2), session.at(2)],
        ['soft-search', sha('soft-search'), session.at(9), session.at(9)],
      ]);
      expect(evidence.texts.flatMap((row) => row.problems)).toEqual([]);
      expect(evidence.consents.map((row) => [row.consent, row.sha256, row.problems])).toEqual([
        ['soft-search', sha('soft-search'), []],
        ['terms', sha('terms'), []],
      ]);
    });

    it('marks a script’s “no texts shown” against the texts we served that session', async () => {
      const session = nextSession();
      const payload = validPayload();
      await serve(payload.submissionKey, [
        { text: 'broker-status', version: 1 },
        { text: 'commission', version: 1 },
      ]);
      session.moveTo(12);
      await submit({ ...payload, disclosures: { shown: [], agreed: [] } });
      const evidence = await evidenceFor(payload.submissionKey);
      expect(evidence.texts).toEqual([
        {
          text: 'broker-status',
          version: 1,
          sha256: sha('broker-status'),
          served: { firstAt: session.at(0), lastAt: session.at(0), times: 1 },
          claimed: null,
          problems: [{ kind: 'not-claimed' }],
        },
        {
          text: 'commission',
          version: 1,
          sha256: sha('commission'),
          served: { firstAt: session.at(0), lastAt: session.at(0), times: 1 },
          claimed: null,
          problems: [{ kind: 'not-claimed' }],
        },
      ]);
      // A later partial save cannot rewrite the record either: the application is complete.
      const rewrite = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${payload.submissionKey}`,
        payload: partialApplicantPayload({ submissionKey: payload.submissionKey }),
      });
      expect(rewrite.statusCode).toBe(200);
      expect((await evidenceFor(payload.submissionKey)).texts[1]?.served?.firstAt).toBe(
        session.at(0),
      );
    });

    it('marks consent and display times in 1999 and 2099', async () => {
      const session = nextSession();
      const payload = validPayload();
      await serve(payload.submissionKey, [
        { text: 'broker-status', version: 1 },
        { text: 'commission', version: 1 },
      ]);
      session.moveTo(12);
      await submit({
        ...payload,
        disclosures: {
          shown: [
            { text: 'broker-status', version: 1, at: '1999-01-01T00:00:00.000Z' },
            { text: 'commission', version: 1, at: '2099-01-01T00:00:00.000Z' },
          ],
          agreed: [
            { consent: 'terms', text: 'terms', version: 1, at: '1999-01-01T00:00:00.000Z' },
            { consent: 'cookies', text: 'cookies', version: 2, at: '2099-12-31T23:59:59.000Z' },
          ],
        },
      });
      const evidence = await evidenceFor(payload.submissionKey);
      const began = { kind: 'before-session', began: session.at(0) };
      const after = { kind: 'after-request', received: session.at(12) };
      const texts = Object.fromEntries(evidence.texts.map((row) => [row.text, row.problems]));
      expect(texts['broker-status']).toContainEqual(began);
      expect(texts.commission).toEqual([after]);
      const consents = Object.fromEntries(evidence.consents.map((row) => [row.consent, row]));
      expect(consents.terms?.problems).toContainEqual(began);
      expect(consents.terms?.claimed.at).toBe('1999-01-01T00:00:00.000Z');
      expect(consents.cookies?.problems).toEqual([after]);
    });

    it('marks the repossession warning “shown” 36 times on a vehicle application', async () => {
      const session = nextSession();
      const payload = validPayload();
      await serve(payload.submissionKey, [
        { text: 'broker-status', version: 1 },
        { text: 'commission', version: 1 },
      ]);
      session.moveTo(12);
      const at = session.at(5);
      await submit({
        ...payload,
        disclosures: {
          shown: Array.from({ length: 36 }, () => ({
            text: 'repossession-warning',
            version: 1,
            at,
          })),
          agreed: [{ consent: 'soft-search', text: 'soft-search', version: 1, at }],
        },
      });
      const evidence = await evidenceFor(payload.submissionKey);
      const warning = evidence.texts.find((row) => row.text === 'repossession-warning');
      expect(warning).toMatchObject({ served: null, claimed: { at, times: 36 } });
      expect(warning?.problems).toEqual([
        { kind: 'not-on-path', place: 'secured' },
        { kind: 'repeated', times: 36 },
      ]);
      expect(evidence.consents[0]?.problems).toEqual([
        { kind: 'not-on-path', place: { step: 'soft-search' } },
      ]);
    });

    it('refuses a version that never existed, and marks one not yet in use at the time claimed', async () => {
      const session = nextSession();
      const never = validPayload({
        disclosures: { shown: [{ text: 'commission', version: 3, at: session.at(0) }], agreed: [] },
      } as never);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${never.submissionKey}`,
        payload: never,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: 'invalid_payload',
        fields: [
          { path: 'disclosures.shown.0.version', message: 'Not a known version of this text' },
        ],
      });

      // Version 2 of the privacy notice came into use half an hour into this session (a new
      // release); the claim says the applicant saw it ten minutes in.
      await database.db
        .updateTable('disclosure_texts')
        .set({ stored_at: session.at(30) })
        .where('text_id', '=', 'privacy')
        .where('version', '=', 2)
        .execute();
      try {
        const payload = validPayload();
        await serve(payload.submissionKey, [{ text: 'privacy', version: 1 }]);
        session.moveTo(40);
        await submit({
          ...payload,
          disclosures: {
            shown: [{ text: 'privacy', version: 2, at: session.at(10) }],
            agreed: [
              { consent: 'marketing-opt-ins', text: 'privacy', version: 2, at: session.at(10) },
            ],
          },
        });
        const evidence = await evidenceFor(payload.submissionKey);
        expect(evidence.texts.map((row) => [row.version, row.problems])).toEqual([
          // Served, and the browser names the text: its version is the contradiction.
          [1, []],
          [
            2,
            [
              { kind: 'version-not-in-use', since: session.at(30) },
              { kind: 'other-version-served', served: [1] },
            ],
          ],
        ]);
        expect(evidence.consents[0]?.problems).toEqual([
          { kind: 'version-not-in-use', since: session.at(30) },
        ]);
      } finally {
        await database.db
          .updateTable('disclosure_texts')
          .set({ stored_at: '2026-03-10T10:00:00.000Z' })
          .where('text_id', '=', 'privacy')
          .where('version', '=', 2)
          .execute();
      }
    });

    it('goes with its application: in its subject access file, erased with it, and kept no longer', async () => {
      const session = nextSession();
      const kept = validPayload();
      const erased = validPayload({ email: `erased-${randomUUID().slice(0, 8)}@example.com` });
      const unclaimed = randomUUID();
      for (const key of [kept.submissionKey, erased.submissionKey, unclaimed]) {
        await serve(key, [{ text: 'commission', version: 1 }]);
      }
      session.moveTo(10);
      await submit(kept);
      await submit(erased);

      const subject = await findSubject(database.db, { kind: 'email', value: erased.email });
      const document = await subjectAccessDocument(database.db, subject, t.clock.now());
      expect(document.document.applications.map((entry) => entry.disclosuresServed)).toEqual([
        [
          {
            text: 'commission',
            version: 1,
            firstServedAt: session.at(0),
            lastServedAt: session.at(0),
            times: 1,
          },
        ],
      ]);
      await eraseSubject(database.db, subject, {
        id: randomUUID(),
        email: 'admin@broker.example',
        reason: 'The applicant asked',
        now: t.clock.now(),
      });
      const keys = async () =>
        (
          await database.db
            .selectFrom('disclosures_served')
            .select('submission_key')
            .where('submission_key', 'in', [kept.submissionKey, erased.submissionKey, unclaimed])
            .execute()
        )
          .map((row) => row.submission_key)
          .sort();
      expect(await keys()).toEqual([kept.submissionKey, unclaimed].sort());

      // 91 days on: a session no application came of is gone; an application's record stays
      // as long as the application.
      const periods = { decidedYears: 6, partialDays: 90, deliveredDays: 30 };
      const later = new Date(Date.parse(session.at(0)) + 91 * 24 * 60 * MINUTE);
      const result = await deleteExpired(database.db, later, periods);
      expect(result.disclosuresServed).toBeGreaterThanOrEqual(1);
      expect(await keys()).toEqual([kept.submissionKey]);
      const sixYearsOn = new Date(Date.parse(session.at(0)) + (6 * 366 + 1) * 24 * 60 * MINUTE);
      await deleteExpired(database.db, sixYearsOn, periods);
      expect(await keys()).toEqual([]);
    });

    it('limits how often one address records texts for a key', async () => {
      const limited = await startTestApp(database, { env: { RATE_LIMIT_SUBMISSIONS: '2' } });
      try {
        const key = randomUUID();
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const response = await limited.app.inject({
            method: 'POST',
            url: `/api/disclosures/${key}`,
            payload: { shown: [{ text: 'commission', version: 1 }] },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  },
);
