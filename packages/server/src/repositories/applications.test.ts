import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import type { ApplicationFacts, ApplicationsRepository, Decision } from './applications.js';
import { createApplicationsRepository } from './applications.js';

const NOW = new Date('2026-03-10T10:00:00.000Z');

function facts(overrides: Partial<ApplicationFacts> = {}): ApplicationFacts {
  return {
    payloadJson: '{"sample":true}',
    brand: 'default',
    affiliateKey: 'default',
    dealerNumber: 'D1',
    variant: null,
    emailLower: 'ada@example.com',
    phoneNormalised: '07700900123',
    dateOfBirth: '1980-05-15',
    remoteAddress: '192.0.2.1',
    branch: 'vehicle',
    ...overrides,
  };
}

const approve = (id: string = randomUUID()): Decision => ({
  outcome: 'approved',
  declineReason: null,
  applicationId: id,
  response: { applicationId: id },
});

describe.each<DialectName>(['sqlite', 'postgres'])('applications repository on %s', (dialect) => {
  let database: TestDatabase;
  let applications: ApplicationsRepository;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
    applications = createApplicationsRepository(database.db);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await sql`delete from applications`.execute(database.db);
    await sql`delete from portal_accounts`.execute(database.db);
  });

  it('gives a new reference when the first one drawn is taken (decision 0030)', async () => {
    const drawn = ['22222222', '22222222', '33333333'];
    const repository = createApplicationsRepository(database.db, {
      newReference: () => drawn.shift()!,
    });
    const submit = (key: string) =>
      repository.submit({ submissionKey: key, facts: facts(), now: NOW }, () =>
        Promise.resolve(approve()),
      );
    const first = JSON.parse((await submit(randomUUID())).responseJson) as { reference: string };
    const second = JSON.parse((await submit(randomUUID())).responseJson) as { reference: string };
    expect(first.reference).toBe('22222222');
    expect(second.reference).toBe('33333333');
    expect(drawn).toEqual([]);
  });

  it('stores a submission with its decision in one row', async () => {
    const key = randomUUID();
    const result = await applications.submit({ submissionKey: key, facts: facts(), now: NOW }, () =>
      Promise.resolve({ ...approve('app-1'), response: { hello: 'world' } }),
    );
    // The decision's answer, with the short reference the repository gives it (decision 0030).
    expect(result.replayed).toBe(false);
    expect(JSON.parse(result.responseJson)).toEqual({
      hello: 'world',
      reference: expect.stringMatching(/^[2-9A-HJKMNP-TV-Z]{8}$/) as string,
    });
    expect(await applications.findBySubmissionKey(key)).toMatchObject({
      submission_key: key,
      status: 'complete',
      outcome: 'approved',
      application_id: 'app-1',
      response_json: result.responseJson,
      payload_json: '{"sample":true}',
      email_lower: 'ada@example.com',
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      completed_at: NOW.toISOString(),
    });
  });

  it('replays a complete key without deciding again', async () => {
    const key = randomUUID();
    const first = await applications.submit({ submissionKey: key, facts: facts(), now: NOW }, () =>
      Promise.resolve(approve('first')),
    );
    let decided = false;
    const again = await applications.submit(
      { submissionKey: key, facts: facts({ payloadJson: '{"changed":true}' }), now: new Date() },
      () => {
        decided = true;
        return Promise.resolve(approve('second'));
      },
    );
    expect(decided).toBe(false);
    expect(again.replayed).toBe(true);
    expect(JSON.parse(again.responseJson)).toMatchObject({ applicationId: 'first' });
    expect(again.responseJson).toBe(first.responseJson);
    expect((await applications.findBySubmissionKey(key))?.payload_json).toBe('{"sample":true}');
  });

  it('decides exactly once for one key submitted concurrently', async () => {
    const key = randomUUID();
    let decisions = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        applications.submit({ submissionKey: key, facts: facts(), now: NOW }, async () => {
          decisions += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          return approve(`try-${i}`);
        }),
      ),
    );
    expect(decisions).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.responseJson)).size).toBe(1);
  });

  it('decides exactly once when concurrent submissions complete a partial row', async () => {
    const key = randomUUID();
    await applications.savePartial({ submissionKey: key, facts: facts(), now: NOW });
    let decisions = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        applications.submit({ submissionKey: key, facts: facts(), now: NOW }, async () => {
          decisions += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          return approve(`try-${i}`);
        }),
      ),
    );
    expect(decisions).toBe(1);
    expect(new Set(results.map((result) => result.responseJson)).size).toBe(1);
  });

  it('rolls everything back when the decision fails', async () => {
    const key = randomUUID();
    await expect(
      applications.submit({ submissionKey: key, facts: facts(), now: NOW }, async (scope) => {
        await scope.portalAccounts.createIfAbsent({
          emailLower: 'x@example.com',
          status: 1,
          otpHash: null,
          now: NOW,
        });
        throw new Error('decision failed');
      }),
    ).rejects.toThrow('decision failed');
    expect(await applications.findBySubmissionKey(key)).toBeUndefined();
    expect(await database.db.selectFrom('portal_accounts').selectAll().execute()).toEqual([]);
  });

  describe('partial saves', () => {
    it('inserts, then updates a partial row', async () => {
      const key = randomUUID();
      expect(
        await applications.savePartial({
          submissionKey: key,
          facts: facts({ emailLower: null }),
          now: NOW,
        }),
      ).toBe('stored');
      const later = new Date('2026-03-11T00:00:00.000Z');
      expect(
        await applications.savePartial({
          submissionKey: key,
          facts: facts({ payloadJson: '{"v":2}' }),
          now: later,
        }),
      ).toBe('stored');
      expect(await applications.findBySubmissionKey(key)).toMatchObject({
        status: 'partial',
        payload_json: '{"v":2}',
        email_lower: 'ada@example.com',
        created_at: NOW.toISOString(),
        updated_at: later.toISOString(),
        completed_at: null,
      });
    });

    it('never touches a complete row', async () => {
      const key = randomUUID();
      await applications.submit({ submissionKey: key, facts: facts(), now: NOW }, () =>
        Promise.resolve(approve('done')),
      );
      const before = await applications.findBySubmissionKey(key);
      expect(
        await applications.savePartial({
          submissionKey: key,
          facts: facts({ payloadJson: '{"late":true}', emailLower: 'late@example.com' }),
          now: new Date('2026-04-01T00:00:00.000Z'),
        }),
      ).toBe('ignored');
      expect(await applications.findBySubmissionKey(key)).toEqual(before);
    });

    it('cannot downgrade a submission that commits while partial saves race it', async () => {
      const key = randomUUID();
      await Promise.all([
        applications.submit({ submissionKey: key, facts: facts(), now: NOW }, () =>
          Promise.resolve(approve('done')),
        ),
        ...Array.from({ length: 5 }, () =>
          applications.savePartial({ submissionKey: key, facts: facts(), now: NOW }),
        ),
      ]);
      expect((await applications.findBySubmissionKey(key))?.status).toBe('complete');
    });
  });

  describe('duplicate lookup', () => {
    async function complete(overrides: Partial<ApplicationFacts>, now = NOW) {
      const key = randomUUID();
      await applications.submit({ submissionKey: key, facts: facts(overrides), now }, () =>
        Promise.resolve(approve()),
      );
      return key;
    }

    /** Asks inside a submission that is then rolled back, so the question stores nothing. */
    async function hasRecent(
      person: { dateOfBirth: string; emailLower: string | null; phoneNormalised: string | null },
      since: Date,
    ) {
      let found: boolean | undefined;
      const rollback = new Error('rollback');
      await expect(
        applications.submit(
          { submissionKey: randomUUID(), facts: facts(), now: NOW },
          async (scope) => {
            found = await scope.hasRecentApplicationFor(person, since);
            throw rollback;
          },
        ),
      ).rejects.toBe(rollback);
      return found;
    }

    const person = {
      dateOfBirth: '1980-05-15',
      emailLower: 'ada@example.com',
      phoneNormalised: '07700900123',
    };
    const earlier = new Date('2026-03-01T00:00:00.000Z');

    it('finds a complete application by date of birth and e-mail or phone', async () => {
      await complete({ phoneNormalised: '01632960000' });
      expect(await hasRecent(person, earlier)).toBe(true);
      expect(await hasRecent({ ...person, emailLower: null }, earlier)).toBe(false);
      expect(await hasRecent({ ...person, dateOfBirth: '1980-05-16' }, earlier)).toBe(false);
    });

    it('finds by phone alone', async () => {
      await complete({ emailLower: 'other@example.com' });
      expect(await hasRecent({ ...person, emailLower: 'new@example.com' }, earlier)).toBe(true);
    });

    it('looks up by e-mail alone or phone alone when the person has only one (each its own precompiled shape)', async () => {
      await complete({ emailLower: 'other@example.com' });
      expect(await hasRecent(person, earlier)).toBe(true);
      expect(await hasRecent({ ...person, emailLower: null }, earlier)).toBe(true);
      expect(await hasRecent({ ...person, phoneNormalised: null }, earlier)).toBe(false);
      expect(
        await hasRecent(
          { ...person, emailLower: 'other@example.com', phoneNormalised: null },
          earlier,
        ),
      ).toBe(true);
      expect(
        await hasRecent({ ...person, emailLower: null, phoneNormalised: '01632960001' }, earlier),
      ).toBe(false);
      expect(await hasRecent(person, earlier)).toBe(true);
    });

    it('ignores applications completed before the window and partial ones', async () => {
      await complete({}, new Date('2026-02-01T00:00:00.000Z'));
      await applications.savePartial({ submissionKey: randomUUID(), facts: facts(), now: NOW });
      expect(await hasRecent(person, earlier)).toBe(false);
      expect(await hasRecent(person, new Date('2026-01-31T00:00:00.000Z'))).toBe(true);
    });

    it('lets only one of two simultaneous applications by one person through', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          applications.submit(
            { submissionKey: `same-person-${i}`, facts: facts(), now: NOW },
            async (scope): Promise<Decision> => {
              const duplicate = await scope.hasRecentApplicationFor(person, earlier);
              return duplicate
                ? {
                    outcome: 'duplicate',
                    declineReason: null,
                    applicationId: null,
                    response: { duplicate },
                  }
                : approve();
            },
          ),
        ),
      );
      expect(
        results.filter((result) => result.responseJson.includes('"duplicate":true')),
      ).toHaveLength(5);
    });
  });
});
