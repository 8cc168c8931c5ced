import { scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createHashPool, HashPoolBusyError } from './hash-pool.js';
import type { HashPool } from './hash-pool.js';

// A small scrypt cost: these tests check the pool, not the hash's strength.
const job = (password: string) => ({
  password,
  salt: Buffer.from('0123456789abcdef'),
  N: 2 ** 10,
  r: 8,
  p: 1,
  keyLength: 32,
});

describe('the password hashing pool', () => {
  let pool: HashPool;
  afterEach(async () => {
    await pool.close();
  });

  it('derives the same key as scrypt, on a worker thread', async () => {
    pool = createHashPool({ workers: 1, maxQueued: 2 });
    const key = await pool.scrypt(job('a long and unusual passphrase'));
    const { password, salt, keyLength, N, r, p } = job('a long and unusual passphrase');
    expect(key).toEqual(scryptSync(password, salt, keyLength, { N, r, p }));
  });

  it('queues up to its bound and refuses the next one at once', async () => {
    pool = createHashPool({ workers: 1, maxQueued: 2 });
    // 2^16 takes long enough that the next calls find the worker busy.
    const slow = { ...job('slow'), N: 2 ** 16 };
    const running = pool.scrypt(slow);
    const queued = [pool.scrypt(job('one')), pool.scrypt(job('two'))];
    expect(pool.load()).toEqual({ running: 1, queued: 2 });
    await expect(pool.scrypt(job('three'))).rejects.toBeInstanceOf(HashPoolBusyError);
    await Promise.all([running, ...queued]);
    expect(pool.load()).toEqual({ running: 0, queued: 0 });
    // Room again once the queue drains.
    await expect(pool.scrypt(job('four'))).resolves.toHaveLength(32);
  });
});
