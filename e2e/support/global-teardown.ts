import fs from 'node:fs';

/**
 * Deletes the run's temporary SQLite database (and its WAL files), unless the run was given its
 * own E2E_DATABASE_PATH or E2E_KEEP_DATABASE=1 is set to inspect what the tests stored.
 */
export default function globalTeardown(): void {
  const file = process.env.E2E_DATABASE_PATH;
  if (
    !file ||
    process.env.E2E_DATABASE_GENERATED !== '1' ||
    process.env.E2E_KEEP_DATABASE === '1'
  ) {
    return;
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    fs.rmSync(`${file}${suffix}`, { force: true });
  }
}
