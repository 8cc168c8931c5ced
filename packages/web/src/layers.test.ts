import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.layers.js, run through the repository's own ESLint configuration
 * on deliberately broken code: each example is lintText with the path of a real file, so the
 * normal lint never sees it (docs/decisions/0040-web-layers-enforced-by-lint.md).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const file = (path: string) => resolve(ROOT, path);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The import-x messages, sorted, for `code` linted as if it were the file at `path`. */
async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file(path) });
  return result!.messages
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => `${message.ruleId}: ${message.message}`)
    .sort();
}

describe('lint: import direction and cycles', { timeout: 120_000 }, () => {
  it('refuses a shared folder importing state', async () => {
    expect(
      await importProblems(
        'packages/web/src/lib/today.ts',
        "import { getApplication } from '../state/application-store';\nexport const read = getApplication;\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../state/application-store" imported in restricted zone. Shared folders (lib/, chrome/, content/) do not import state, API, analytics, evidence, features or the app layer.',
    ]);
  });

  it('refuses a two-file import cycle', async () => {
    // lib/router.tsx imports lib/history.ts; history importing router back closes the cycle.
    expect(
      await importProblems(
        'packages/web/src/lib/history.ts',
        "import { Link } from './router';\nexport const link = Link;\n",
      ),
    ).toEqual(['import-x/no-cycle: Dependency cycle detected']);
  });

  it('refuses the step frame importing the route table (a feature importing the app)', async () => {
    expect(
      await importProblems(
        'packages/web/src/features/steps/step-screen.tsx',
        "import { ROUTES } from '../../app/routes';\nexport const routes = ROUTES;\n",
      ),
    ).toEqual([
      // The route table loads every step screen, and they import the frame: a cycle as well.
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle via "\.\.\/features\/steps\//),
      'import-x/no-restricted-paths: Unexpected path "../../app/routes" imported in restricted zone. A feature does not import the app layer (app/, screens/, main.tsx, prerender/): let the app pass it down.',
    ]);
  });

  it('refuses a feature importing a feature it does not declare', async () => {
    expect(
      await importProblems(
        'packages/web/src/features/session/clock.ts',
        "import { useStepRef } from '../steps/lib/step-ref';\nexport const step = useStepRef;\n",
      ),
    ).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../steps/lib/step-ref" imported in restricted zone. features/session imports only the features FEATURE_IMPORTS in eslint.layers.js declares for it.',
    ]);
  });

  it('refuses a back-office screen importing the app', async () => {
    expect(
      await importProblems(
        'packages/back-office/src/screens/panel-decision.tsx',
        "import { App } from '../app';\nexport const app = App;\n",
      ),
    ).toEqual([
      // app.tsx imports every screen: a cycle as well.
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle via "\.\/screens\//),
      'import-x/no-restricted-paths: Unexpected path "../app" imported in restricted zone. A back-office screen does not import the app (app.tsx, main.tsx).',
    ]);
  });

  it('accepts the step frame as it is', async () => {
    const [result] = await eslint.lintFiles([
      file('packages/web/src/features/steps/step-screen.tsx'),
    ]);
    expect(result!.messages).toEqual([]);
  });
});
