/**
 * Tests and test support never ship in `dist` (docs/decisions/0041-server-routes-schemas-and-build.md):
 * the build's tsconfig leaves them out, and a build made with it holds none of them, while what
 * `npm start`, `npm run staff` and `npm run mailbox` run is there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_CONFIG = path.join(SERVER_PACKAGE, 'tsconfig.build.json');
const TSC = path.resolve(SERVER_PACKAGE, '../../node_modules/typescript/bin/tsc');

const isTestOrSupport = (file: string) =>
  /\.test\.(d\.)?(ts|js)(\.map)?$/.test(file) || file.split('/').includes('test-support');

/** Every file under `root`, relative and with forward slashes. */
function listFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'));
}

describe("the server's build configuration", () => {
  it('compiles no test file and nothing of test-support/, and every other source file', () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      BUILD_CONFIG,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    expect(parsed?.errors).toEqual([]);
    const files = (parsed?.fileNames ?? []).map((file) =>
      path.relative(path.join(SERVER_PACKAGE, 'src'), file).split(path.sep).join('/'),
    );
    expect(files).toEqual(expect.arrayContaining(['main.ts', 'app.ts', 'staff/cli.ts']));
    expect(files.filter(isTestOrSupport)).toEqual([]);

    // Nothing else is left out: the sources are the build's files plus the tests and support.
    const sources = listFiles(path.join(SERVER_PACKAGE, 'src')).filter((file) =>
      file.endsWith('.ts'),
    );
    expect(sources.filter((file) => !isTestOrSupport(file)).sort()).toEqual([...files].sort());
    expect(sources.filter(isTestOrSupport)).toEqual(
      expect.arrayContaining(['app.test.ts', 'test-support/databases.ts']),
    );
  });

  describe('a build made with it', () => {
    let outDir: string;
    beforeAll(() => {
      outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-server-build-'));
      // --noCheck: emit only (the types are checked by `npm run typecheck`), into a folder of its
      // own so that the working copy's dist, and whatever stale files it holds, play no part.
      execFileSync(
        process.execPath,
        [
          TSC,
          '-p',
          BUILD_CONFIG,
          '--outDir',
          outDir,
          '--tsBuildInfoFile',
          path.join(outDir, 'build.tsbuildinfo'),
          '--noCheck',
        ],
        { stdio: 'pipe' },
      );
    }, 120_000);
    afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

    it('holds no *.test.js and no test-support/, and holds what the scripts run', () => {
      const files = listFiles(outDir);
      expect(files).toEqual(
        expect.arrayContaining([
          'main.js',
          'app.js',
          'staff/cli.js',
          'portal/mailbox-cli.js',
          'http/health.js',
        ]),
      );
      expect(files.filter((file) => file.endsWith('.test.js'))).toEqual([]);
      expect(files.filter((file) => file.startsWith('test-support/'))).toEqual([]);
      expect(files.filter(isTestOrSupport)).toEqual([]);
    });
  });
});
