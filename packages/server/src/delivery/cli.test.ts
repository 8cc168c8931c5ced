import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../test-support/databases.js';
import { openTestDatabase } from '../test-support/databases.js';
import { createDeliveryRepository } from './repository.js';
import { runDeliveryCli } from './cli.js';

describe('the dead-letter command line', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite', '');
  });
  afterAll(() => database.close());

  it('lists dead letters without their bodies and redelivers one', async () => {
    const repository = createDeliveryRepository(database.db);
    const now = new Date('2026-03-10T10:00:00.000Z');
    await repository.insertEvent({
      eventId: 'msg_dead',
      type: 'application.decided',
      body: '{"data":{"application":{"email":"ada@example.com"}}}',
      endpoints: ['webhook-1'],
      now,
      applicationRowId: null,
    });
    const [claimed] = await repository.claimDue(now, ['webhook-1'], 1, 1000);
    expect(await repository.markFailed(claimed!, 'HTTP 503', now, [])).toBe('dead');

    const lines: string[] = [];
    expect(await runDeliveryCli(['dead'], database.db, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([
      'id\tevent\ttype\tendpoint\tattempts\tdead since\tlast error',
      `${claimed!.id}\tmsg_dead\tapplication.decided\twebhook-1\t1\t2026-03-10T10:00:00.000Z\tHTTP 503`,
    ]);

    lines.length = 0;
    const id = String(claimed!.id);
    expect(await runDeliveryCli(['redeliver', id], database.db, (l) => lines.push(l), now)).toBe(0);
    expect(lines).toEqual([`dead letter ${id} is due again`]);
    expect(await repository.claimDue(now, ['webhook-1'], 1, 1000)).toEqual([
      expect.objectContaining({ event_id: 'msg_dead', attempts: 1, dead_at: null }),
    ]);
    expect(await runDeliveryCli(['redeliver', id], database.db, () => undefined)).toBe(1);
    expect(await runDeliveryCli(['drop'], database.db, () => undefined)).toBe(2);
  });
});
