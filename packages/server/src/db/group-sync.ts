import fs from 'node:fs/promises';

/**
 * Group commit for SQLite in WAL mode. With `synchronous = FULL` every COMMIT blocks the event
 * loop in fsync (0.2 to 0.5 ms here), which caps submissions per second. Instead the connection
 * runs `synchronous = NORMAL` (commits write the WAL but do not sync it) and an answer is sent
 * only after `flush()`: an fdatasync of the WAL, in libuv's thread pool, that *began after* the
 * caller's transaction ended. Every answered submission is on stable storage, as with FULL, and
 * one fsync covers all the commits that arrived while the previous one ran. SQLite itself syncs
 * the WAL before each checkpoint and the database after it, so nothing acknowledged is lost when
 * the WAL is reused.
 */
export interface GroupSync {
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createGroupSync(syncOnce: () => Promise<void>): GroupSync {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function start(): Promise<void> {
    const current = syncOnce().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return {
    flush() {
      if (running === null) return start();
      // The sync in progress may have begun before the caller's commit, so it does not count;
      // everyone who arrives meanwhile shares the next one.
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
    async close() {
      await Promise.allSettled([running, queued]);
    },
  };
}

/** fdatasync of a SQLite database's WAL file, through a descriptor kept open for the purpose. */
export function walSync(databaseFile: string): {
  sync: () => Promise<void>;
  close: () => Promise<void>;
} {
  let handle: fs.FileHandle | null = null;
  return {
    async sync() {
      if (handle === null) {
        try {
          handle = await fs.open(`${databaseFile}-wal`, 'r+');
        } catch (error) {
          // No WAL file: everything has been checkpointed into the (synced) database file.
          if ((error as { code?: unknown }).code === 'ENOENT') return;
          throw error;
        }
      }
      await handle.datasync();
    },
    async close() {
      await handle?.close();
      handle = null;
    },
  };
}
