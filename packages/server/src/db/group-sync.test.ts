import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGroupSync, walSync } from './group-sync.js';

/** A sync whose calls the test finishes by hand, recording what was flushed by each. */
function manualSync() {
  const calls: { finish: () => void; fail: (error: Error) => void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ finish: resolve, fail: reject });
    });
  return { sync, calls };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('createGroupSync', () => {
  it('syncs at once when idle', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupSync(sync);
    const flushed = group.flush();
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await flushed;
  });

  it('never lets a sync that began earlier stand for a later commit', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupSync(sync);
    let firstDone = false;
    let laterDone = false;
    void group.flush().then(() => (firstDone = true));
    void group.flush().then(() => (laterDone = true));

    calls[0]!.finish();
    await settled();
    expect(firstDone).toBe(true);
    expect(laterDone).toBe(false);
    expect(calls).toHaveLength(2);

    calls[1]!.finish();
    await settled();
    expect(laterDone).toBe(true);
  });

  it('covers every caller that arrived during one sync with a single next sync', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupSync(sync);
    const first = group.flush();
    const waiting = Array.from({ length: 50 }, () => group.flush());
    calls[0]!.finish();
    await first;
    await settled();
    expect(calls).toHaveLength(2);
    calls[1]!.finish();
    await Promise.all(waiting);
    expect(calls).toHaveLength(2);
  });

  it('passes a failed sync to its callers and carries on', async () => {
    const { sync, calls } = manualSync();
    const group = createGroupSync(sync);
    const failing = group.flush();
    const next = group.flush();
    calls[0]!.fail(new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    await settled();
    calls[1]!.finish();
    await expect(next).resolves.toBeUndefined();
  });
});

describe('walSync', () => {
  it('syncs an existing WAL file and accepts a missing one', async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-wal-'));
    try {
      const database = path.join(directory, 'app.db');
      const missing = walSync(database);
      await expect(missing.sync()).resolves.toBeUndefined();
      fs.writeFileSync(`${database}-wal`, 'frames');
      const present = walSync(database);
      await expect(present.sync()).resolves.toBeUndefined();
      await present.close();
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
