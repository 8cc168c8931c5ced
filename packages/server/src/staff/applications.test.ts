import { describe, expect, it } from 'vitest';
import type { DialectName } from '../test-support/databases.js';
import {
  unemployed,
  validJointPayload,
  validPayload,
  validSecuredPayload,
} from '../test-support/fixtures.js';
import {
  DOROTHY_VAUGHAN,
  KATHERINE_JOHNSON,
  useStaffApplications,
} from '../test-support/staff-applications.js';
import { PAGE_SIZE, searchKind } from './applications.js';

interface Listed {
  id: number;
  applicationId: string | null;
  reference: string | null;
  name: string | null;
  outcome: string;
  journey: string;
  needsAttention: boolean;
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'back-office applications on %s',
  { timeout: 90_000 },
  (dialect) => {
    const h = useStaffApplications(dialect, ['agent']);
    const { submit } = h;

    /** The list's search: a POST, so that what staff type is never in a URL (decision 0052). */
    async function list(query: Record<string, string> = {}) {
      const response = await h.t.app.inject({
        method: 'POST',
        url: '/api/staff/applications/search',
        payload: { ...query, ...(query.after === undefined ? {} : { after: Number(query.after) }) },
        headers: h.sessions.agent.headers(),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ applications: Listed[]; next: number | null }>();
    }

    async function detail(id: number) {
      const response = await h.t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${id}`,
        headers: h.sessions.agent.headers(),
      });
      expect(response.statusCode).toBe(200);
      return response.json<
        Listed & {
          duplicateOf: { id: number; reference: string | null } | null;
          duplicateReleasedAt: string | null;
          duplicates: { id: number; reference: string | null; released: boolean }[];
          decision: { declineReason: string | null } | null;
        }
      >();
    }

    it('finds an application by name, e-mail, phone, postcode or application id', async () => {
      const { applicationId } = await submit(KATHERINE_JOHNSON);
      await submit(DOROTHY_VAUGHAN);

      for (const q of [
        'katherine',
        'Katherine Johnson',
        'JOHNSON',
        'K.Johnson@Example.com',
        '07911 900456',
        '+447911900456',
        'sw1a 2aa',
        applicationId!,
      ]) {
        const found = await list({ q });
        const names = found.applications.map((row) => row.name);
        if (q === 'sw1a 2aa')
          expect(names.sort(), q).toEqual(['Dorothy Vaughan', 'Katherine Johnson']);
        else expect(names, q).toEqual(['Katherine Johnson']);
      }
      expect((await list({ q: 'nobody' })).applications).toEqual([]);
      // LIKE's wildcards are searched for as themselves.
      expect((await list({ q: '%' })).applications).toEqual([]);
    });

    it('finds a joint application by the joint applicant’s own e-mail or phone (decision 0050)', async () => {
      await submit(
        validJointPayload({ email: 'main.applicant@example.com', contactNumber: '07911900333' }),
      );
      await submit(DOROTHY_VAUGHAN);
      for (const q of ['ben@example.com', 'BEN@example.com', '07911 654321', '+447911654321']) {
        expect(
          (await list({ q })).applications.map((row) => row.name),
          q,
        ).toEqual(['Ada Lovelace']);
      }
      // Exactly: a part of the address is not it.
      expect((await list({ q: 'en@example.com' })).applications).toEqual([]);
    });

    it('stores a duplicate as its own application, linked to the earlier one and listed as a possible duplicate; an agent releases it, audited (decision 0051)', async () => {
      const earlier = await submit(KATHERINE_JOHNSON);
      const again = await submit(KATHERINE_JOHNSON);
      expect(again.reference).not.toBe(earlier.reference);
      await submit(DOROTHY_VAUGHAN);

      const possible = (await list({ outcome: 'duplicate' })).applications as (Listed & {
        duplicateOf: { id: number; reference: string } | null;
      })[];
      expect(possible).toHaveLength(1);
      const earlierId = (await list({ q: earlier.reference })).applications[0]!.id;
      expect(possible[0]).toMatchObject({
        reference: again.reference,
        outcome: 'duplicate',
        duplicateOf: { id: earlierId, reference: earlier.reference },
      });
      const shown = await detail(possible[0]!.id);
      expect(shown).toMatchObject({
        duplicateOf: { id: earlierId, reference: earlier.reference },
        duplicateReleasedAt: null,
        decision: { declineReason: null },
      });
      expect((await detail(earlierId)).duplicates).toEqual([
        { id: possible[0]!.id, reference: again.reference, released: false },
      ]);

      const release = () =>
        h.t.app.inject({
          method: 'POST',
          url: `/api/staff/applications/${possible[0]!.id}/release`,
          headers: h.sessions.agent.headers(),
        });
      const released = await release();
      expect(released.statusCode).toBe(200);
      const answer = released.json<{ outcome: string; applicationId: string }>();
      expect(answer).toMatchObject({
        outcome: 'approved',
        duplicateReleasedAt: '2026-03-10T10:00:00.000Z',
      });
      expect(answer.applicationId).toMatch(/^[0-9a-f]{8}-/);
      expect(await detail(possible[0]!.id)).toMatchObject({
        outcome: 'approved',
        applicationId: answer.applicationId,
        duplicateOf: { id: earlierId },
        duplicateReleasedAt: '2026-03-10T10:00:00.000Z',
      });
      expect((await list({ outcome: 'duplicate' })).applications).toEqual([]);
      expect((await detail(earlierId)).duplicates).toEqual([
        { id: possible[0]!.id, reference: again.reference, released: true },
      ]);
      // Once only; and only a possible duplicate.
      expect((await release()).statusCode).toBe(409);
      const notDuplicate = await h.t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${earlierId}/release`,
        headers: h.sessions.agent.headers(),
      });
      expect(notDuplicate.json()).toEqual({ error: 'not_duplicate' });
      const audit = await h.database.db
        .selectFrom('staff_audit_log')
        .select(['action', 'target', 'detail_json', 'actor_id'])
        .where('action', '=', 'duplicate-released')
        .execute();
      expect(audit).toEqual([
        {
          action: 'duplicate-released',
          target: String(possible[0]!.id),
          detail_json: JSON.stringify({ duplicateOf: earlierId, outcome: 'approved' }),
          actor_id: h.staff.agent.member.id,
        },
      ]);
    });

    it('finds a name in any case, accents included, as the applicant last saved it (decision 0036)', async () => {
      await submit({
        firstName: 'Élodie',
        lastName: 'Lefèvre',
        email: 'e.lefevre@example.com',
        contactNumber: '07911900111',
      });
      for (const q of ['élodie', 'ÉLODIE LEFÈVRE', 'odie lef']) {
        const found = await list({ q });
        expect(
          found.applications.map((row) => row.name),
          q,
        ).toEqual(['Élodie Lefèvre']);
      }
      // A partial saved again under another name is found by the new name only.
      const partial = validPayload({ firstName: 'Hedy', lastName: 'Kiesler' });
      for (const lastName of ['Kiesler', 'Lamarr']) {
        const saved = await h.t.app.inject({
          method: 'POST',
          url: `/api/submission/partial/${partial.submissionKey}`,
          payload: { ...partial, lastName, IsCompleted: false },
        });
        expect(saved.statusCode).toBe(202);
      }
      expect((await list({ q: 'hedy lamarr' })).applications.map((row) => row.name)).toEqual([
        'Hedy Lamarr',
      ]);
      expect((await list({ q: 'kiesler' })).applications).toEqual([]);
    });

    it('finds an application by the reference read over the phone (decision 0030)', async () => {
      const { reference } = await submit({ firstName: 'Mary', lastName: 'Jackson' });
      const other = await submit(DOROTHY_VAUGHAN);
      expect(reference).not.toBe(other.reference);
      const spoken = `${reference.slice(0, 4).toLowerCase()} ${reference.slice(4)}`;
      for (const q of [reference, spoken, `${reference.slice(0, 4)}-${reference.slice(4)}`]) {
        const found = await list({ q });
        expect(
          found.applications.map((row) => [row.name, row.reference]),
          q,
        ).toEqual([['Mary Jackson', reference]]);
      }
      // One wrong character fails the check: read as a name, which matches nobody.
      const wrong = (reference[0] === 'A' ? 'B' : 'A') + reference.slice(1);
      expect(searchKind(wrong).kind).toBe('name');
      expect((await list({ q: wrong })).applications).toEqual([]);
    });

    it('reads a surname that happens to pass the check character as a name when no reference matches', async () => {
      // 'Stephens' is 8 letters of the alphabet; find the first 8-letter name ending that passes.
      const name = [...'23456789ABCDEFGHJKMNPQRSTVWXYZ']
        .map((last) => `STEPHEN${last}`)
        .find((candidate) => searchKind(candidate).kind === 'reference')!;
      const lastName = name[0] + name.slice(1).toLowerCase();
      await submit({ firstName: 'Ann', lastName });
      const found = await list({ q: lastName });
      expect(found.applications.map((row) => row.name)).toEqual([`Ann ${lastName}`]);
    });

    it('filters by outcome (abandoned = partial), journey, brand and date', async () => {
      // Different people: the same person twice would be a duplicate.
      const person = (n: number) => ({
        email: `p${n}@example.com`,
        contactNumber: `0791190010${n}`,
      });
      await submit({ firstName: 'Approved', ...person(1) });
      await submit({ firstName: 'Declined', netMonthlyIncome: 100, ...person(2) });
      await submit(validSecuredPayload({ firstName: 'Secured', ...person(3) }));
      const partial = validPayload({ firstName: 'Abandoned', ...person(4) });
      await h.t.app.inject({
        method: 'POST',
        url: `/api/submission/partial/${partial.submissionKey}`,
        payload: { ...partial, IsCompleted: false },
      });

      const names = async (query: Record<string, string>) =>
        (await list(query)).applications.map((row) => row.name?.split(' ')[0]).sort();
      expect(await names({ outcome: 'declined' })).toEqual(['Declined']);
      expect(await names({ outcome: 'abandoned' })).toEqual(['Abandoned']);
      expect(await names({ journey: 'secured' })).toEqual(['Secured']);
      expect(await names({ journey: 'vehicle', outcome: 'approved' })).toEqual(['Approved']);
      expect(await names({ brand: 'default', from: '2026-03-10', to: '2026-03-10' })).toHaveLength(
        4,
      );
      expect(await names({ from: '2026-03-11' })).toEqual([]);

      const bad = await h.t.app.inject({
        method: 'POST',
        url: '/api/staff/applications/search',
        payload: { outcome: 'everything' },
        headers: h.sessions.agent.headers(),
      });
      expect(bad.statusCode).toBe(400);
      // The list is no longer a GET: a search text cannot be put in its address.
      const get = await h.t.app.inject({
        method: 'GET',
        url: `/api/staff/applications?q=${encodeURIComponent('k.johnson@example.com')}`,
        headers: h.sessions.agent.headers(),
      });
      expect(get.statusCode).toBe(404);
    });

    it('pages with a keyset cursor, newest first, without gaps or repeats', async () => {
      for (let index = 0; index < PAGE_SIZE + 5; index += 1) {
        await h.database.db
          .insertInto('applications')
          .values({
            submission_key: `k${index}`,
            status: 'complete',
            outcome: 'approved',
            payload_json: JSON.stringify({ firstName: `P${index}`, lastName: 'X' }),
            created_at: '2026-03-10T10:00:00.000Z',
            updated_at: '2026-03-10T10:00:00.000Z',
          })
          .execute();
      }
      const first = await list();
      expect(first.applications).toHaveLength(PAGE_SIZE);
      expect(first.next).toBe(first.applications.at(-1)!.id);
      const second = await list({ after: String(first.next) });
      expect(second.applications).toHaveLength(5);
      expect(second.next).toBeNull();
      const names = [...first.applications, ...second.applications].map((row) => row.name);
      expect(names).toEqual(
        Array.from({ length: PAGE_SIZE + 5 }, (_, index) => `P${PAGE_SIZE + 4 - index} X`),
      );
    });

    it('shows every answer, the decision and the needs flags, and audits each view and search', async () => {
      // The needs questions are the secured path's (fair processing notice).
      const { applicationId } = await submit(
        validSecuredPayload({
          additionalNeedsRequirements: true,
          discussFinancialCircumstances: true,
          additionalNeedsRequirementsStatement: 'Please call after 4pm; I use a screen reader.',
        }),
      );
      const mark = await h.database.db
        .selectFrom('staff_audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const [row] = (await list({ q: applicationId! })).applications;
      expect(row).toMatchObject({ outcome: 'approved', journey: 'secured', needsAttention: true });

      const detail = await h.t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${row!.id}`,
        headers: h.sessions.agent.headers(),
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.headers['cache-control']).toBe('no-store');
      const body = detail.json<{
        payload: Record<string, unknown>;
        response: Record<string, unknown>;
      }>();
      expect(body.payload).toMatchObject({
        firstName: 'Ada',
        additionalNeedsRequirementsStatement: 'Please call after 4pm; I use a screen reader.',
      });
      expect(body.response).toMatchObject({ applicationId, quoteValid: true });

      const entries = await h.database.db
        .selectFrom('staff_audit_log')
        .selectAll()
        .where('id', '>', Number(mark.id ?? 0))
        .orderBy('id')
        .execute();
      expect(entries.map((entry) => [entry.action, entry.target])).toEqual([
        ['applications-searched', null],
        ['application-viewed', String(row!.id)],
      ]);
      expect(JSON.parse(entries[0]!.detail_json!)).toEqual({
        searchKind: 'id',
        results: 1,
      });

      const missing = await h.t.app.inject({
        method: 'GET',
        url: '/api/staff/applications/999999',
        headers: h.sessions.agent.headers(),
      });
      expect(missing.statusCode).toBe(404);
    });

    it('carries what the lender panel found: the quote, matched lenders, each refusal and the risk tier', async () => {
      async function detailOf(payload: ReturnType<typeof validPayload>) {
        await submit(payload);
        const row = await h.database.db
          .selectFrom('applications')
          .select('id')
          .where('submission_key', '=', payload.submissionKey)
          .executeTakeFirstOrThrow();
        const detail = await h.t.app.inject({
          method: 'GET',
          url: `/api/staff/applications/${row.id}`,
          headers: h.sessions.agent.headers(),
        });
        expect(detail.statusCode).toBe(200);
        return detail.json<{
          response: Record<string, unknown>;
          decision: Record<string, unknown> | null;
        }>();
      }

      type Found = {
        riskTier: string;
        policy: { rule: string; reason: string }[];
        lenders: {
          id: string;
          matched: boolean;
          forThisLoan: boolean;
          products: {
            id: string;
            forThisLoan: boolean;
            refusals: { rule: string; reason: string }[];
          }[];
        }[];
        declineReason: string | null;
        quote: Record<string, unknown> | null;
      };
      const reasonsOf = (found: Found, lenderId: string) =>
        found.lenders
          .find((lender) => lender.id === lenderId)!
          .products.flatMap((product) => product.refusals.map((refusal) => refusal.reason));

      const approved = await detailOf(validSecuredPayload({ firstName: 'Approved' }));
      const quote = {
        lenderId: 'hearthstone-homeowner',
        lender: 'Hearthstone Homeowner Loans (fictional)',
        productId: 'second-charge',
        product: 'Second-charge homeowner loan',
        rateLabel: 'APRC',
        amount: 25000,
        termMonths: 180,
        apr: 0.159,
        monthlyPayment: 347.28,
        totalCostOfCredit: 37510.4,
        totalPayable: 62510.4,
        validUntil: '2026-04-09',
      };
      expect(approved.response).toMatchObject({
        quote,
        matchedLenders: [
          { id: 'hearthstone-homeowner', name: 'Hearthstone Homeowner Loans (fictional)' },
          { id: 'kestrel-secured', name: 'Kestrel Second Charge (fictional)' },
        ],
      });
      const approvedFound = approved.decision as Found;
      expect(approvedFound).toMatchObject({
        riskTier: 'C',
        policy: [],
        declineReason: null,
        quote,
      });
      expect(reasonsOf(approvedFound, 'pennyworth-motor')).toEqual([
        'Does not lend for “Home improvements”: lends only for “A vehicle”',
        'Does not offer “A loan secured on a home”: offers only “Hire purchase”, “Personal contract purchase (PCP)” or “Not sure”',
        'Term of 180 months is outside 12 to 60 months',
        'Vehicle type not given: finances only “Car”, “Van” or “Motorcycle”',
      ]);
      expect(reasonsOf(approvedFound, 'hearthstone-homeowner')).toEqual([]);
      // Which lenders could have lent on a secured loan at all, by the panel's own rules
      // (docs/lender-panel.md "Branches"): the motor lenders are marked, not listed by staff.
      expect(
        Object.fromEntries(approvedFound.lenders.map((lender) => [lender.id, lender.forThisLoan])),
      ).toEqual({
        'pennyworth-motor': false,
        'northgate-vehicle': false,
        'hearthstone-homeowner': true,
        'kestrel-secured': true,
      });

      // An unemployed applicant is refused by every sample lender.
      const employed = validPayload();
      const refused = await detailOf(
        validPayload({
          firstName: 'Refused',
          email: 'refused@example.com',
          contactNumber: '07911900789',
          employments: [unemployed(employed)],
        }),
      );
      expect(refused.response).toMatchObject({
        declineReason: 'NoLenderMatch',
        quote: null,
        matchedLenders: [],
      });
      const refusedFound = refused.decision as Found;
      expect(refusedFound).toMatchObject({
        riskTier: 'A',
        policy: [],
        declineReason: 'NoLenderMatch',
        quote: null,
      });
      expect(refusedFound.lenders.map((lender) => lender.matched)).toEqual([
        false,
        false,
        false,
        false,
      ]);
      expect(reasonsOf(refusedFound, 'pennyworth-motor')).toEqual([
        'Applicant is “Unemployed”: lends only to someone “Employed full time”, “Employed part time”, “Self-employed”, “Armed forces”, “Retired”, “Homemaker” or “Not working due to disability”',
      ]);

      // The broker's own policy refuses before any lender is asked.
      const poor = await detailOf(
        validPayload({
          firstName: 'Poor',
          email: 'poor@example.com',
          contactNumber: '07911900788',
          netMonthlyIncome: 100,
        }),
      );
      expect(poor.decision).toMatchObject({
        riskTier: 'C',
        declineReason: 'Income',
        policy: [{ rule: 'income', reason: 'Applicant’s net monthly income £100 is below £500' }],
        quote: null,
      });
    });
  },
);

describe('searchKind', () => {
  it('reads the search box as one kind of identifier', () => {
    expect(searchKind(' Ada@Example.COM ')).toEqual({ kind: 'email', value: 'ada@example.com' });
    expect(searchKind('07700 900 123')).toEqual({ kind: 'phone', value: '07700900123' });
    expect(searchKind('+44 7700 900123')).toEqual({ kind: 'phone', value: '07700900123' });
    expect(searchKind('sw1a2aa')).toEqual({ kind: 'postcode', value: 'SW1A2AA' });
    expect(searchKind('0b1c2d3e-0000-4000-8000-00000000000A')).toEqual({
      kind: 'id',
      value: '0b1c2d3e-0000-4000-8000-00000000000a',
    });
    expect(searchKind(' k7mq-4xr8 ')).toEqual({ kind: 'reference', value: 'K7MQ4XR8' });
    expect(searchKind('Ada  Lovelace')).toEqual({ kind: 'name', value: 'ada lovelace' });
  });
});
