import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import type { ApplicationFacts, ApplicationsRepository, Decision } from './repository.js';
import { createApplicationsRepository } from './repository.js';

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
    people: [
      {
        role: 'applicant',
        emailLower: overrides.emailLower === undefined ? 'ada@example.com' : overrides.emailLower,
        phoneNormalised:
          overrides.phoneNormalised === undefined ? '07700900123' : overrides.phoneNormalised,
        dateOfBirth: overrides.dateOfBirth === undefined ? '1980-05-15' : overrides.dateOfBirth,
        name: 'Ada Lovelace',
      },
    ],
    branch: 'vehicle',
    searchName: null,
    ...overrides,
  };
}

const BEN = {
  role: 'joint',
  emailLower: 'ben@example.com',
  phoneNormalised: '07700900456',
  dateOfBirth: '1979-01-02',
  name: 'Ben Lovelace',
} as const;

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
    async function earlierOf(
      person: { dateOfBirth: string; emailLower: string; phoneNormalised: string },
      since: Date,
    ) {
      let found: number | null | undefined;
      const rollback = new Error('rollback');
      await expect(
        applications.submit(
          { submissionKey: randomUUID(), facts: facts(), now: NOW },
          async (scope) => {
            found = await scope.earlierApplicationOf(person, since);
            throw rollback;
          },
        ),
      ).rejects.toBe(rollback);
      return found;
    }
    const rowIdOf = async (key: string) =>
      (
        await database.db
          .selectFrom('applications')
          .select('id')
          .where('submission_key', '=', key)
          .executeTakeFirstOrThrow()
      ).id;

    const person = {
      dateOfBirth: '1980-05-15',
      emailLower: 'ada@example.com',
      phoneNormalised: '07700900123',
    };
    const earlier = new Date('2026-03-01T00:00:00.000Z');

    it('finds the earlier application only when date of birth, e-mail and phone all agree (decision 0051)', async () => {
      const key = await complete({});
      expect(await earlierOf(person, earlier)).toBe(await rowIdOf(key));
      // A stranger who knows the date of birth and the phone, or the e-mail, matches nothing.
      expect(await earlierOf({ ...person, emailLower: 'new@example.com' }, earlier)).toBeNull();
      expect(await earlierOf({ ...person, phoneNormalised: '01632960001' }, earlier)).toBeNull();
      expect(await earlierOf({ ...person, dateOfBirth: '1980-05-16' }, earlier)).toBeNull();
    });

    it('names the latest of the person’s decided applications', async () => {
      await complete({}, new Date('2026-03-05T00:00:00.000Z'));
      const latest = await complete({}, new Date('2026-03-08T00:00:00.000Z'));
      expect(await earlierOf(person, earlier)).toBe(await rowIdOf(latest));
    });

    it('ignores applications completed before the window and partial ones', async () => {
      await complete({}, new Date('2026-02-01T00:00:00.000Z'));
      await applications.savePartial({ submissionKey: randomUUID(), facts: facts(), now: NOW });
      expect(await earlierOf(person, earlier)).toBeNull();
      expect(await earlierOf(person, new Date('2026-01-31T00:00:00.000Z'))).not.toBeNull();
    });

    it('lets only one of two simultaneous applications by one person through', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          applications.submit(
            { submissionKey: randomUUID(), facts: facts(), now: NOW },
            async (scope): Promise<Decision> => {
              const duplicateOf = await scope.earlierApplicationOf(person, earlier);
              return duplicateOf !== null
                ? {
                    outcome: 'duplicate',
                    declineReason: null,
                    applicationId: null,
                    response: { duplicate: true },
                    duplicateOf,
                  }
                : approve();
            },
          ),
        ),
      );
      expect(
        results.filter((result) => result.responseJson.includes('"duplicate":true')),
      ).toHaveLength(5);
      const stored = await database.db
        .selectFrom('applications')
        .select(['outcome', 'duplicate_of'])
        .orderBy('id')
        .execute();
      const first = await database.db
        .selectFrom('applications')
        .select('id')
        .where('outcome', '=', 'approved')
        .executeTakeFirstOrThrow();
      // Every duplicate is stored as its own application, linked to the one that went through.
      expect(stored.filter((row) => row.outcome === 'duplicate')).toEqual(
        Array.from({ length: 5 }, () => ({ outcome: 'duplicate', duplicate_of: first.id })),
      );
    });
  });

  describe('people rows (decision 0050)', () => {
    const people = async (key: string) =>
      database.db
        .selectFrom('application_people')
        .innerJoin('applications', 'applications.id', 'application_people.application_row_id')
        .select([
          'application_people.role',
          'application_people.email_lower',
          'application_people.phone_normalised',
          'application_people.date_of_birth',
          'application_people.name',
        ])
        .where('applications.submission_key', '=', key)
        .orderBy('application_people.role')
        .execute();
    const ada = {
      role: 'applicant',
      email_lower: 'ada@example.com',
      phone_normalised: '07700900123',
      date_of_birth: '1980-05-15',
      name: 'Ada Lovelace',
    };
    const ben = {
      role: 'joint',
      email_lower: 'ben@example.com',
      phone_normalised: '07700900456',
      date_of_birth: '1979-01-02',
      name: 'Ben Lovelace',
    };

    it('writes each person of a submission in its transaction', async () => {
      const key = randomUUID();
      await applications.submit(
        { submissionKey: key, facts: facts({ people: [facts().people[0]!, BEN] }), now: NOW },
        () => Promise.resolve(approve()),
      );
      expect(await people(key)).toEqual([ada, ben]);

      const failed = randomUUID();
      await expect(
        applications.submit({ submissionKey: failed, facts: facts(), now: NOW }, () =>
          Promise.reject(new Error('the decision failed')),
        ),
      ).rejects.toThrow('the decision failed');
      expect(await people(failed)).toEqual([]);
    });

    it('rewrites them on each partial save, and on completion, dropping a joint applicant taken out', async () => {
      const key = randomUUID();
      await applications.savePartial({
        submissionKey: key,
        facts: facts({ people: [facts().people[0]!, BEN] }),
        now: NOW,
      });
      expect(await people(key)).toEqual([ada, ben]);
      const renamed = { ...BEN, emailLower: 'ben.l@example.com' };
      await applications.savePartial({
        submissionKey: key,
        facts: facts({ people: [facts().people[0]!, renamed] }),
        now: NOW,
      });
      expect(await people(key)).toEqual([ada, { ...ben, email_lower: 'ben.l@example.com' }]);
      await applications.savePartial({ submissionKey: key, facts: facts(), now: NOW });
      expect(await people(key)).toEqual([ada]);

      await applications.savePartial({
        submissionKey: key,
        facts: facts({ people: [facts().people[0]!, BEN] }),
        now: NOW,
      });
      await applications.submit({ submissionKey: key, facts: facts(), now: NOW }, () =>
        Promise.resolve(approve()),
      );
      expect(await people(key)).toEqual([ada]);
      // Complete: a later partial save changes neither the application nor its people.
      expect(
        await applications.savePartial({
          submissionKey: key,
          facts: facts({ people: [facts().people[0]!, BEN] }),
          now: NOW,
        }),
      ).toBe('ignored');
      expect(await people(key)).toEqual([ada]);
    });
  });
});

describe('applications repository on sqlite, beside another process', () => {
  let database: TestDatabase;
  let applications: ApplicationsRepository;

  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
    applications = createApplicationsRepository(database.db);
  });
  afterAll(() => database.close());

  it('another process cannot write between what a submission reads and what it writes (the transaction begins immediate)', async () => {
    // The command-line tools write the same SQLite file from another process. The submission
    // reads its key, decides, then writes; another process's commit in between would fail
    // that write (SQLITE_BUSY_SNAPSHOT). It must wait for the lock instead: here, with no
    // busy timeout, it is refused at once.
    const other = new SqliteDatabase(database.url, { timeout: 0 });
    let refused: unknown = null;
    try {
      const key = randomUUID();
      const result = await applications.submit(
        { submissionKey: key, facts: facts(), now: NOW },
        () => {
          try {
            other.exec('begin immediate');
            other
              .prepare(
                "insert into applications (submission_key, status, payload_json, created_at, updated_at) values (?, 'partial', '{}', ?, ?)",
              )
              .run(randomUUID(), NOW.toISOString(), NOW.toISOString());
            other.exec('commit');
          } catch (error) {
            refused = error;
          }
          return Promise.resolve(approve());
        },
      );
      expect(result.replayed).toBe(false);
      expect((refused as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      expect(await applications.findBySubmissionKey(key)).toMatchObject({
        status: 'complete',
        outcome: 'approved',
      });
    } finally {
      other.close();
    }
  });
});
