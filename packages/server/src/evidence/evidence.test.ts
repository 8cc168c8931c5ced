import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DISCLOSURE_TEXT_IDS, currentDisclosureVersion } from '@broker/domain';
import { partialApplicantPayload } from '@broker/domain/testing';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { DISCLOSURE_TEXTS } from './texts.generated.js';
import { sha256Hex, storeDisclosureTexts } from './texts.js';

const AT = '2026-11-24T07:20:00.000Z';
const disclosures = {
  shown: [
    { text: 'broker-status', version: 1, at: '2026-11-24T07:01:00.000Z' },
    { text: 'terms', version: 1, at: '2026-11-24T07:05:00.000Z' },
  ],
  agreed: [
    { consent: 'terms', text: 'terms', version: 1, at: '2026-11-24T07:05:30.000Z' },
    { consent: 'marketing-opt-ins', text: 'privacy', version: 1, at: AT },
  ],
};

describe.each<DialectName>(['sqlite', 'postgres'])(
  'evidence of what was disclosed and agreed on %s',
  { timeout: 90_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    const sessions = {} as Record<'agent' | 'admin' | 'auditor', SignedIn>;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      t = await startTestApp(database);
      for (const role of ['agent', 'admin', 'auditor'] as const) {
        sessions[role] = await signIn(t, await addActiveStaff(t, role));
      }
    });
    afterAll(async () => {
      await t.close();
      await database.close();
    });

    async function storedPayload(key: string) {
      const row = await database.db
        .selectFrom('applications')
        .select(['id', 'payload_json'])
        .where('submission_key', '=', key)
        .executeTakeFirstOrThrow();
      return { id: row.id, payload: JSON.parse(row.payload_json) as Record<string, unknown> };
    }

    it('stores every shipped text once per version at start, with its SHA-256', async () => {
      const rows = await database.db.selectFrom('disclosure_texts').selectAll().execute();
      expect(rows.map((row) => `${row.text_id}@${row.version}`).sort()).toEqual(
        DISCLOSURE_TEXTS.map((text) => `${text.text}@${text.version}`).sort(),
      );
      for (const id of DISCLOSURE_TEXT_IDS) {
        const row = rows.find(
          (candidate) =>
            candidate.text_id === id && Number(candidate.version) === currentDisclosureVersion(id),
        );
        expect(row, id).toBeDefined();
        expect(sha256Hex(row!.body)).toBe(row!.sha256);
      }
      // A second start adds nothing.
      expect(await storeDisclosureTexts(database.db, new Date())).toBe(0);
      const count = await database.db
        .selectFrom('disclosure_texts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(DISCLOSURE_TEXTS.length);
    });

    it('refuses to start when a stored version would change its words', async () => {
      const changed = DISCLOSURE_TEXTS.map((text) =>
        text.text === 'commission'
          ? { ...text, body: `${text.body} Changed.`, sha256: sha256Hex(`${text.body} Changed.`) }
          : text,
      );
      await expect(storeDisclosureTexts(database.db, new Date(), changed)).rejects.toThrow(
        'Disclosure text commission v1 differs from the stored version: a new wording needs a new version (docs/evidence.md)',
      );
      const forged = DISCLOSURE_TEXTS.map((text) =>
        text.text === 'terms' ? { ...text, body: 'Other words' } : text,
      );
      await expect(storeDisclosureTexts(database.db, new Date(), forged)).rejects.toThrow(
        'Disclosure text terms v1: its SHA-256 does not match',
      );
    });

    it('does not start past a stored version whose words the build contradicts', async () => {
      const commission = DISCLOSURE_TEXTS.find((text) => text.text === 'commission')!;
      await database.db
        .updateTable('disclosure_texts')
        .set({ body: 'Other words', sha256: sha256Hex('Other words') })
        .where('text_id', '=', 'commission')
        .execute();
      try {
        await expect(startTestApp(database)).rejects.toThrow(
          'Disclosure text commission v1 differs from the stored version',
        );
      } finally {
        await database.db
          .updateTable('disclosure_texts')
          .set({ body: commission.body, sha256: commission.sha256 })
          .where('text_id', '=', 'commission')
          .execute();
      }
    });

    it('stores the texts when first asked for, if the database was away at start', async () => {
      await database.db.deleteFrom('disclosure_texts').execute();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/staff/disclosures/privacy/1',
        headers: sessions.admin.headers(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ text: string }>().text).toBe('privacy');
      const rows = await database.db.selectFrom('disclosure_texts').select('text_id').execute();
      expect(rows).toHaveLength(DISCLOSURE_TEXTS.length);
    });

    it('keeps the versions shown and the consents given with a full submission', async () => {
      const payload = { ...validPayload(), disclosures };
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect((await storedPayload(payload.submissionKey)).payload.disclosures).toEqual(disclosures);
    });

    it('keeps them with a partial save too, and a client that sends none still saves', async () => {
      const key = randomUUID();
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${key}`,
        payload: partialApplicantPayload({ submissionKey: key, disclosures }),
      });
      expect(saved.statusCode).toBe(202);
      expect((await storedPayload(key)).payload.disclosures).toEqual(disclosures);

      const old = randomUUID();
      const legacy = await t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${old}`,
        payload: partialApplicantPayload({ submissionKey: old }),
      });
      expect(legacy.statusCode).toBe(202);
      expect((await storedPayload(old)).payload).not.toHaveProperty('disclosures');
    });

    it('refuses an unknown version with a field message, and stores nothing', async () => {
      const payload = {
        ...validPayload(),
        disclosures: {
          shown: [{ text: 'privacy', version: 99, at: AT }],
          agreed: [{ consent: 'soft-search', text: 'soft-search', version: 2, at: AT }],
        },
      };
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_payload',
        fields: [
          { path: 'disclosures.shown.0.version', message: 'Not a known version of this text' },
          { path: 'disclosures.agreed.0.version', message: 'Not a known version of this text' },
        ],
      });
      const row = await database.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('shows staff the evidence on the application, and opens each text as it was', async () => {
      const payload = { ...validPayload(), disclosures };
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      const { id } = await storedPayload(payload.submissionKey);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${id}`,
        headers: sessions.auditor.headers(),
      });
      expect(detail.json<{ payload: { disclosures: unknown } }>().payload.disclosures).toEqual(
        disclosures,
      );

      const terms = DISCLOSURE_TEXTS.find((text) => text.text === 'terms' && text.version === 1)!;
      for (const role of ['agent', 'admin', 'auditor'] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/staff/disclosures/terms/1',
          headers: sessions[role].headers(),
        });
        expect(response.statusCode, role).toBe(200);
        expect(response.json()).toMatchObject({
          text: 'terms',
          version: 1,
          sha256: terms.sha256,
          body: terms.body,
        });
      }
      const audited = await database.db
        .selectFrom('staff_audit_log')
        .select(['action', 'target'])
        .where('action', '=', 'disclosure-text-viewed')
        .where('target', '=', 'terms@1')
        .execute();
      expect(audited).toHaveLength(3);
      expect(audited[0]).toEqual({ action: 'disclosure-text-viewed', target: 'terms@1' });
    });

    it('keeps the first privacy and cookie notices readable beside the second, which tells of the step counting', async () => {
      // An application that saw version 1 of both (before the step counting was described) is
      // still accepted and kept as it was (docs/decisions/0044-funnel-notice-and-objection.md).
      const earlier = {
        shown: [
          { text: 'privacy', version: 1, at: AT },
          { text: 'cookies', version: 2, at: AT },
        ],
        agreed: [
          { consent: 'marketing-opt-ins', text: 'privacy', version: 1, at: AT },
          { consent: 'cookies', text: 'cookies', version: 1, at: AT },
        ],
      };
      const payload = { ...validPayload(), disclosures: earlier };
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      expect(saved.statusCode).toBe(200);
      expect((await storedPayload(payload.submissionKey)).payload.disclosures).toEqual(earlier);

      const open = async (text: string, version: number) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/staff/disclosures/${text}/${version}`,
          headers: sessions.auditor.headers(),
        });
        expect(response.statusCode, `${text}@${version}`).toBe(200);
        return response.json<{ body: string }>().body;
      };
      for (const text of ['privacy', 'cookies']) {
        expect(currentDisclosureVersion(text as 'privacy' | 'cookies')).toBe(2);
        const first = await open(text, 1);
        const second = await open(text, 2);
        expect(first).not.toContain('Counting the steps of the application');
        expect(second).toContain('Counting the steps of the application');
      }
      expect(await open('cookies', 2)).toContain(
        'You can object at any time, free of charge: choose Reject analytics cookies in the cookie banner or in your cookie settings.',
      );
      expect(await open('privacy', 2)).toContain(
        'provided you can object: rejecting analytics cookies stops it, free of charge, at any time.',
      );
    });

    it('answers 401 without a session, and 404 for a text or version it does not have', async () => {
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/staff/disclosures/terms/1',
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'unauthenticated' });
      expect(anonymous.body).not.toContain('Terms');
      for (const url of ['/api/staff/disclosures/terms/99', '/api/staff/disclosures/secret/1']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: sessions.agent.headers(),
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ error: 'not_found' });
      }
    });
  },
);
