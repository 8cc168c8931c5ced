// @ts-check
/**
 * Import direction and cycles in the two browser apps, checked by ESLint so that a violation
 * fails `npm run lint` (docs/decisions/0040-web-layers-enforced-by-lint.md, docs/architecture.md).
 *
 * packages/web/src, from the top down; a layer imports only the layers below it:
 *   app      app/, screens/, main.tsx, prerender/: routes, layout, pages that compose features
 *   features features/<name>/: one folder per feature; a feature imports another feature only
 *            when FEATURE_IMPORTS below declares it
 *   services state/, api/, analytics/, evidence/
 *   shared   lib/, chrome/, content/: generic code and UI; no state, API, analytics or features
 *            (content/ may record that a text was shown, through evidence/)
 * packages/back-office/src: app.tsx and main.tsx → screens/ → api.ts → components.tsx, router.ts,
 * answers.ts, format.ts (shared).
 *
 * Tests (`*.test.*`, src/test/) may put several layers together and are left out of the zones;
 * the cycle rule covers them too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const ROOT = import.meta.dirname;
const WEB = 'packages/web/src';
const BACK_OFFICE = 'packages/back-office/src';

/**
 * The features a feature may import. The steps feature composes the parts some steps show
 * (secured disclosures, sending the application, legal texts, save and come back later, and
 * the session's loader of late parts); nothing imports steps back. The session warning offers
 * save and come back later (decision 0086).
 */
export const FEATURE_IMPORTS = {
  steps: ['secured', 'submission', 'legal', 'save', 'session'],
  quote: ['secured'],
  'modal-apply': ['session'],
  session: ['save'],
};

const web = (...parts) => parts.map((part) => `${WEB}/${part}`);
const APP = web('app', 'screens', 'main.tsx', 'prerender');
const SERVICES = web('state', 'api', 'analytics', 'evidence');
const FEATURES = web('features');

const features = fs
  .readdirSync(path.join(ROOT, WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const zones = [
  {
    target: FEATURES,
    from: APP,
    message:
      'A feature does not import the app layer (app/, screens/, main.tsx, prerender/): let the app pass it down.',
  },
  {
    target: SERVICES,
    from: [...FEATURES, ...APP],
    message: 'state/, api/, analytics/ and evidence/ do not import features or the app layer.',
  },
  {
    target: web('lib', 'chrome'),
    from: [...SERVICES, ...FEATURES, ...APP],
    message:
      'Shared folders (lib/, chrome/, content/) do not import state, API, analytics, evidence, features or the app layer.',
  },
  {
    target: web('content'),
    from: [...web('state', 'api', 'analytics'), ...FEATURES, ...APP],
    message:
      'Shared folders (lib/, chrome/, content/) do not import state, API, analytics, features or the app layer.',
  },
  ...features.map((name) => ({
    target: web(`features/${name}`),
    from: FEATURES,
    except: [name, ...(FEATURE_IMPORTS[name] ?? [])].map((allowed) => `./${allowed}`),
    message: `features/${name} imports only the features FEATURE_IMPORTS in eslint.layers.js declares for it.`,
  })),
  {
    target: `${BACK_OFFICE}/screens`,
    from: [`${BACK_OFFICE}/app.tsx`, `${BACK_OFFICE}/main.tsx`],
    message: 'A back-office screen does not import the app (app.tsx, main.tsx).',
  },
  {
    target: [`${BACK_OFFICE}/api.ts`],
    from: [
      `${BACK_OFFICE}/screens`,
      `${BACK_OFFICE}/app.tsx`,
      `${BACK_OFFICE}/main.tsx`,
      `${BACK_OFFICE}/components.tsx`,
    ],
    message: 'The back office api.ts imports no screen or component.',
  },
  {
    target: ['components.tsx', 'router.ts', 'answers.ts', 'format.ts'].map(
      (file) => `${BACK_OFFICE}/${file}`,
    ),
    from: [
      `${BACK_OFFICE}/api.ts`,
      `${BACK_OFFICE}/screens`,
      `${BACK_OFFICE}/app.tsx`,
      `${BACK_OFFICE}/main.tsx`,
    ],
    message:
      'Shared back-office modules (components, router, answers, format) do not import the API, screens or the app.',
  },
];

const SOURCES = [`${WEB}/**/*.{ts,tsx}`, `${BACK_OFFICE}/**/*.{ts,tsx}`];

/**
 * The packages' directions (docs/design.md §1): domain imports nothing of ours; web and the back
 * office import only domain and ui; the server imports only domain; ui imports nothing of ours.
 * Each rule is checked twice: by the file a relative import resolves to (`../../web/src/main`
 * from domain), and by the package name of a bare one (`@broker/server`).
 */
const PACKAGES = ['domain', 'ui', 'web', 'server', 'back-office'];
/** @type {Record<string, string[]>} */
export const PACKAGE_IMPORTS = {
  domain: [],
  ui: [],
  web: ['domain', 'ui'],
  'back-office': ['domain', 'ui'],
  server: ['domain'],
};
const OUTSIDE = ['e2e', 'bench', 'scripts'];

/** @param {string} name */
function packageRule(name) {
  const allowed = PACKAGE_IMPORTS[name] ?? [];
  const forbidden = PACKAGES.filter((other) => other !== name && !allowed.includes(other));
  const says =
    allowed.length === 0
      ? `packages/${name} imports nothing of ours (docs/design.md §1).`
      : `packages/${name} imports only ${allowed.map((other) => `packages/${other}`).join(' and ')} (docs/design.md §1).`;
  return { forbidden, says };
}

const PACKAGE_SOURCES = PACKAGES.map((name) => `packages/${name}/src/**/*.{ts,tsx}`);

/** @type {{ target: string; from: string[]; message: string }[]} */
const packageZones = PACKAGES.map((name) => {
  const { forbidden, says } = packageRule(name);
  return {
    target: `packages/${name}`,
    from: [...forbidden.map((other) => `packages/${other}`), ...OUTSIDE],
    message: says,
  };
});

/** Node's own modules, which domain does not use either (its code runs in the browser too). */
const NODE_MODULES = ['node:*', 'fs', 'path', 'crypto'];

/** @type {import('eslint').Linter.Config[]} */
export default [
  {
    files: PACKAGE_SOURCES,
    plugins: { 'import-x': /** @type {any} */ (importX) },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: PACKAGES.filter((name) => name !== 'ui').map(
            (name) => `packages/${name}/tsconfig.json`,
          ),
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'import', 'types', 'default'],
        }),
      ],
    },
  },
  ...PACKAGES.map((name) => {
    const { forbidden, says } = packageRule(name);
    const bare = {
      group: forbidden
        .map((other) => `@broker/${other}`)
        .concat(forbidden.map((other) => `@broker/${other}/*`)),
      message: says,
    };
    return {
      files: [`packages/${name}/src/**/*.{ts,tsx}`],
      // Tests may put packages together (the web's evidence test writes the server's texts), as
      // they may put layers together.
      ignores: ['**/*.test.{ts,tsx}', `${WEB}/test/**`],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: ROOT,
            zones: packageZones.filter((zone) => zone.target === `packages/${name}`),
          },
        ],
        'no-restricted-imports': ['error', { patterns: [bare] }],
      },
    };
  }),
  {
    // docs/design.md §1: domain is pure; besides nothing of ours, no Node modules.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: NODE_MODULES,
              message: 'packages/domain uses no Node module (docs/design.md §1).',
            },
            {
              group: PACKAGES.filter((other) => other !== 'domain').flatMap((other) => [
                `@broker/${other}`,
                `@broker/${other}/*`,
              ]),
              message: packageRule('domain').says,
            },
          ],
        },
      ],
    },
  },
  {
    files: SOURCES,
    plugins: { 'import-x': /** @type {any} */ (importX) },
    settings: {
      // The modules the cycle rule follows are parsed as TypeScript too, not only .js files.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/web/tsconfig.json', 'packages/back-office/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'import', 'types', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: SOURCES,
    ignores: ['**/*.test.{ts,tsx}', `${WEB}/test/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          // The packages' directions hold here too: a later rule's zones replace an earlier one's.
          zones: [
            ...zones,
            ...packageZones.filter((zone) =>
              ['packages/web', 'packages/back-office'].includes(zone.target),
            ),
          ],
        },
      ],
    },
  },
];
