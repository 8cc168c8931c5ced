// A private copy of the build for one benchmark run. Other people build in this checkout while
// a run goes on (npm run build empties packages/web/dist first), so the servers of a run serve
// a copy taken once, checked complete, and removed at the end.
import { cpSync, existsSync, mkdtempSync, rmSync, statfsSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readBuild, REPO_ROOT } from '../../packages/web/scripts/build-graph/chunks.mjs';

const COPIED = [
  'packages/web/dist',
  'packages/server/dist',
  'packages/server/package.json',
  'packages/server/data/addresses.sample.json',
  'packages/server/data/lender-panel.sample.json',
];

function missingChunks(dist) {
  const build = readBuild(dist);
  const wanted = [...build.entries, ...build.modulepreloads, ...build.stylesheets];
  for (const chunk of build.chunks.values()) wanted.push(...chunk.imports, ...chunk.dynamicImports);
  return wanted.filter((file) => !existsSync(path.join(dist, file)));
}

/** { root, webDist, serverMain, tmpfs, remove() }; retries while another build is half written. */
export async function snapshotBuild({ attempts = 6 } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'broker-bench-'));
    const remove = () => rmSync(root, { recursive: true, force: true });
    try {
      for (const item of COPIED) {
        cpSync(path.join(REPO_ROOT, item), path.join(root, item), { recursive: true });
      }
      // The copied server resolves its packages (and @broker/domain) from the checkout's.
      symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
      const webDist = path.join(root, 'packages/web/dist');
      const missing = missingChunks(webDist);
      if (missing.length > 0) throw new Error(`the build is incomplete: ${missing.join(', ')}`);
      // tmpfs makes fsync free, which would flatter the durable-write figures.
      const tmpfs = statfsSync(root).type === 0x01021994;
      return {
        root,
        webDist,
        serverMain: path.join(root, 'packages/server/dist/main.js'),
        tmpfs,
        remove,
      };
    } catch (error) {
      remove();
      if (attempt >= attempts) throw error;
      await sleep(3000);
    }
  }
}
