// Which chunks each screen needs, read from the build by the web app's own conventions
// (packages/web/src/app/routes.tsx and features/steps/widgets/field-renderer.tsx):
// - a journey step's screen is features/steps/screens/<step id>.tsx, else features/steps/generic-step-screen.tsx,
//   and the route loads it together with one widget chunk per field kind of the step
//   (field-renderer's LOADERS: `radio: () => import('./kinds/choice')`);
// - every other page is a lazily imported screens/outcome/*.tsx or screens/content/*.tsx.
// If a convention changes, `problems` says so and the budget check fails rather than guessing.
// Used by the build's pre-render (the step shells' chunks) and by bench/ (page weight, budgets).
import { STEP_IDS, STEPS } from '@broker/domain';
import { chunkOf, closure, sourceOf } from './chunks.mjs';

const WEB_SRC = 'packages/web/src';
const JOURNEY_COPY = 'packages/domain/src/journey/copy.ts';
const LOADER = /(\w+):\s*\(\)\s*=>\s*import\(\s*['"`]\.\/kinds\/([\w-]+)['"`]\s*\)/g;

function widgetKinds(build, problems) {
  const source = sourceOf(build, `${WEB_SRC}/features/steps/widgets/field-renderer.tsx`);
  const kinds = new Map();
  if (source === null) {
    problems.push(
      'features/steps/widgets/field-renderer.tsx is in no chunk: cannot tell which widgets a step loads',
    );
    return kinds;
  }
  for (const [, kind, file] of source.matchAll(LOADER)) {
    kinds.set(kind, `${WEB_SRC}/features/steps/widgets/kinds/${file}`);
  }
  return kinds;
}

const baseName = (file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');

function stepPathOf(id) {
  return STEPS[id].path.replace('{n}', '1');
}

/**
 * { firstScreen, screens, lazy, problems }: the first screen's chunks (index.html's script and
 * modulepreloads, and the start step's screen and widgets, which main.tsx loads before the
 * first render); per later screen and per other lazy chunk, the chunks it adds to those.
 */
export function screenChunks(build) {
  const problems = [];
  const kinds = widgetKinds(build, problems);

  const stepRoots = (id) => {
    const own = chunkOf(build, `${WEB_SRC}/features/steps/screens/${id}.tsx`);
    const screen = own ?? chunkOf(build, `${WEB_SRC}/features/steps/generic-step-screen.tsx`);
    if (!screen) problems.push(`no chunk holds the screen of step ${id}`);
    const widgets = [...new Set(STEPS[id].fields.map((field) => field.kind))].map((kind) => {
      const module = kinds.get(kind);
      const chunk = module && chunkOf(build, module);
      if (!chunk) problems.push(`no chunk holds the ${kind} widget (step ${id})`);
      return chunk;
    });
    // Every step but the first loads the journey's copy with its screen (app/routes.tsx,
    // docs/decisions/0045-journey-copy-out-of-the-first-screen.md).
    const copy = id === 'start' ? null : chunkOf(build, JOURNEY_COPY);
    if (id !== 'start' && !copy) problems.push(`no chunk holds ${JOURNEY_COPY} (step ${id})`);
    return [screen, ...widgets, copy].filter(Boolean).map((chunk) => chunk.file);
  };

  const firstRoots = [...build.entries, ...build.modulepreloads, ...stepRoots('start')];
  const firstScreen = closure(build, firstRoots);
  const added = (roots) => [...closure(build, roots)].filter((file) => !firstScreen.has(file));

  const screens = STEP_IDS.filter((id) => id !== 'start' && id !== 'complete').map((id) => {
    const roots = stepRoots(id);
    return { name: id, path: stepPathOf(id), roots, files: added(roots) };
  });
  const screenRoots = new Set(screens.flatMap((screen) => screen.roots));

  const lazyTargets = new Set([...build.chunks.values()].flatMap((chunk) => chunk.dynamicImports));
  const lazy = [];
  for (const file of [...lazyTargets].sort()) {
    if (firstScreen.has(file) || screenRoots.has(file)) continue;
    const name = baseName(file);
    const modules = [...build.chunks.get(file).modules.keys()];
    const page = modules.find((m) =>
      new RegExp(`^${WEB_SRC}/screens/(?:outcome|content)/${name}\\.tsx$`).test(m),
    );
    const entry = { name, roots: [file], files: added([file]) };
    if (page) screens.push({ ...entry, path: `(page) ${name}` });
    else lazy.push({ ...entry, path: '(on demand)' });
  }
  // What every page fetches after its first render (docs/performance.md). The funnel report
  // (app/use-page-change.ts, sent when the browser is idle) is in the entry now (decision 0046),
  // so it adds nothing; were it split out again, Chromium would fetch it on `/` before the
  // network is idle and the figure "as Chromium loads it" would count it. The session-timeout
  // watcher waits for the visitor's first activity (features/session/index.tsx, decision 0045).
  const afterRoots = AFTER_FIRST_RENDER.map((module) => {
    const chunk = chunkOf(build, `${WEB_SRC}/${module}`);
    if (!chunk)
      problems.push(`no chunk holds ${module}, which the first screen loads after its render`);
    return chunk?.file;
  }).filter(Boolean);
  const afterFirstRender = added(afterRoots);
  return { firstScreen: [...firstScreen], afterFirstRender, screens, lazy, problems };
}

/** Modules of packages/web/src that every page loads after its first render. */
export const AFTER_FIRST_RENDER = ['analytics/funnel.ts'];
