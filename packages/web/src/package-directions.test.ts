import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The packages' directions of docs/design.md §1, as `npm run lint` enforces them
 * (eslint.layers.js): every import one package may not make, relative and by package name, linted
 * as if it were in a real file of that package (lintText, so the normal lint never sees it).
 */
const ROOT = resolve(import.meta.dirname, '../../..');

/** docs/design.md §1: what each package may import of ours. */
const PACKAGE_IMPORTS: Record<string, readonly string[]> = {
  domain: [],
  web: ['domain', 'ui'],
  server: ['domain'],
  'back-office': ['domain', 'ui'],
};

/** A real module of each package, and how a file in `packages/<name>/src` reaches it. */
const MODULES: Record<string, { relative: string; bare: string }> = {
  domain: { relative: '../../domain/src/funnel', bare: '@broker/domain' },
  ui: { relative: '../../ui/src/base.css', bare: '@broker/ui/base.css' },
  web: { relative: '../../web/src/main', bare: '@broker/web' },
  server: { relative: '../../server/src/app', bare: '@broker/server' },
  'back-office': { relative: '../../back-office/src/app', bare: '@broker/back-office' },
};
const OUTSIDE = { e2e: '../../../e2e/support/user', bench: '../../../bench/lib/stats.mjs' };
/** A file of each package with TypeScript sources, at `packages/<name>/src/<file>`. */
const FILES: Record<string, string> = {
  domain: 'funnel.ts',
  web: 'lib/today.ts',
  server: 'config.ts',
  'back-office': 'format.ts',
};

/** A module beside each of those files. */
const SIBLINGS: Record<string, string> = {
  domain: './brands.js',
  web: './brand',
  server: './logger.js',
  'back-office': './router',
};

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The direction problems (rule and line) of `code` linted as the file at `path`. */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return result!.messages
    .filter(
      (m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports',
    )
    .map((m) => `${m.line} ${m.message}`);
}

const names = Object.keys(FILES);

describe('lint: the packages import only the packages below them', { timeout: 300_000 }, () => {
  it.each(names)('refuses each import packages/%s may not make', async (name) => {
    const allowed = PACKAGE_IMPORTS[name]!;
    // One file in a folder one level deeper reaches the others by the same relative paths.
    const file = `packages/${name}/src/${FILES[name]}`;
    const depth = FILES[name]!.split('/').length - 1;
    const up = (path: string) => '../'.repeat(depth) + path;
    const forbidden = Object.keys(MODULES).filter(
      (other) => other !== name && !allowed.includes(other),
    );
    const imports = [
      ...forbidden.flatMap((other) =>
        [MODULES[other]!.relative, MODULES[other]!.bare].map((from) => ({ other, from })),
      ),
      ...Object.entries(OUTSIDE).map(([other, from]) => ({ other, from })),
    ].map(({ other, from }) => ({
      other,
      from: from.startsWith('.') ? up(from) : from,
    }));
    const code =
      imports.map(({ from }, i) => `import * as m${i} from '${from}';`).join('\n') +
      `\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`;
    const problems = await refusals(file, code);
    const says =
      allowed.length === 0
        ? `packages/${name} imports nothing of ours (docs/design.md §1).`
        : `packages/${name} imports only ${allowed.map((other) => `packages/${other}`).join(' and ')} (docs/design.md §1).`;
    imports.forEach(({ from }, i) => {
      const line = problems.filter((problem) => problem.startsWith(`${i + 1} `));
      expect(line.length, `${file} importing ${from}`).toBeGreaterThan(0);
      for (const problem of line) expect(problem).toContain(says);
    });
  });

  it.each(names)('accepts packages/%s importing itself and domain', async (name) => {
    const code = [
      `import * as own from '${SIBLINGS[name]!}';`,
      ...(name === 'domain' ? [] : [`import * as domain from '@broker/domain';`]),
      `export const all = [own${name === 'domain' ? '' : ', domain'}];`,
      '',
    ].join('\n');
    expect(await refusals(`packages/${name}/src/${FILES[name]}`, code)).toEqual([]);
  });
});
