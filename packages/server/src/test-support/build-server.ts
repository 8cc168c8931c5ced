import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * Compiles the server (and domain) into dist with `tsc -b packages/server`: a no-op when dist is
 * current, a rebuild when the sources changed. For the tests that start the built server
 * (main.test.ts, the reliability scenarios) and the global set-up below.
 */
export function buildServer(): void {
  const tsc = path.join(REPOSITORY_ROOT, 'node_modules/typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-b', path.join(REPOSITORY_ROOT, 'packages/server')], {
      stdio: 'pipe',
    });
  } catch (error) {
    const { stdout } = error as { stdout?: Buffer };
    throw new Error(`tsc -b packages/server failed:\n${stdout?.toString() ?? String(error)}`);
  }
}

/**
 * Vitest global set-up: the build once, before any test file runs. The files that start the
 * built server build it again in their own set-up, which is then a no-op; run side by side in a
 * fresh clone, two of those builds would write the same files while a third file's server reads
 * them (vitest.config.ts runs one file per core).
 */
export default function setup(): void {
  buildServer();
}
