import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DialectName, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { createPortalAccountsRepository } from './accounts.js';

const NOW = new Date('2026-03-10T10:00:00.000Z');

describe.each<DialectName>(['sqlite', 'postgres'])('portal accounts on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect, inject('postgresUrl'));
  });
  afterAll(() => database.close());

  it('creates an account once per e-mail', async () => {
    const accounts = createPortalAccountsRepository(database.db);
    const account = { emailLower: 'one@example.com', status: 1, otpHash: 'abc', now: NOW };
    expect(await accounts.createIfAbsent(account)).toBe(true);
    expect(await accounts.createIfAbsent({ ...account, otpHash: 'def' })).toBe(false);
    expect(await accounts.find('one@example.com')).toEqual({
      id: expect.any(Number) as number,
      email_lower: 'one@example.com',
      status: 1,
      otp_hash: 'abc',
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      otp_expires_at: null,
      otp_attempts: 0,
      verification_hash: null,
      verification_expires_at: null,
      verification_attempts: 0,
      verification_requested_at: null,
      verified_at: null,
    });
    expect(await accounts.find('none@example.com')).toBeUndefined();
  });

  it('lets exactly one of many simultaneous creations win', async () => {
    const accounts = createPortalAccountsRepository(database.db);
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        accounts.createIfAbsent({
          emailLower: 'race@example.com',
          status: 1,
          otpHash: String(i),
          now: NOW,
        }),
      ),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
  });
});
