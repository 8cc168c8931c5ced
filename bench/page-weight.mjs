// Page weight of the production build, two ways:
// - staticPageWeight: from the files (deterministic; the CI budget check uses it). The first
//   screen is index.html's script, stylesheets and modulepreloads, their imports, and the start
//   step's screen and widget chunks, which main.tsx loads before the first render. Each later
//   screen is what it adds to that (packages/web/scripts/build-graph/screens.mjs).
// - browserPageWeight: what Chromium really requests for / until the network is idle.
// Sizes are gzip level 9 of each file, in KB of 1,024 bytes.
import {
  attribute,
  gzipSize,
  kb,
  readBuild,
  WEB_DIST,
} from '../packages/web/scripts/build-graph/chunks.mjs';
import { BUDGETS } from './lib/budgets.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/browser.mjs';
import { screenChunks } from '../packages/web/scripts/build-graph/screens.mjs';

const gzipOf = (build, files) =>
  files.reduce((total, file) => total + build.chunks.get(file).gzip, 0);

export function staticPageWeight(dist = WEB_DIST) {
  const build = readBuild(dist);
  const { firstScreen, afterFirstRender, screens, lazy, problems } = screenChunks(build);
  const unit = (entry) => ({
    name: entry.name,
    path: entry.path,
    jsGzipKb: kb(gzipOf(build, entry.files)),
    files: entry.files,
  });
  const laterScreens = screens.map(unit).sort((a, b) => b.jsGzipKb - a.jsGzipKb);
  const lazyChunks = lazy.map(unit).sort((a, b) => b.jsGzipKb - a.jsGzipKb);
  const over = [...laterScreens, ...lazyChunks].filter((u) => u.jsGzipKb > BUDGETS.laterScreenJsKb);
  return {
    manifest: build.manifest,
    firstScreen: {
      files: firstScreen,
      stylesheets: build.stylesheets,
      jsGzipKb: kb(gzipOf(build, firstScreen)),
      // As Chromium loads `/` until the network is idle: also what the app fetches after its
      // first render (build-graph/screens.mjs AFTER_FIRST_RENDER).
      afterFirstRender,
      untilIdleJsGzipKb: kb(gzipOf(build, [...firstScreen, ...afterFirstRender])),
      cssGzipKb: kb(build.stylesheets.reduce((t, f) => t + (build.css.get(f)?.gzip ?? 0), 0)),
      byPackage: attribute(build, firstScreen, { by: 'group', top: 8 }),
      byModule: attribute(build, firstScreen, { top: 8 }),
    },
    laterScreens,
    lazyChunks,
    overBudget: over.map((u) => ({ ...u, byModule: attribute(build, u.files, { top: 6 }) })),
    totals: {
      jsGzipKb: kb([...build.chunks.values()].reduce((t, c) => t + c.gzip, 0)),
      cssGzipKb: kb([...build.css.values()].reduce((t, c) => t + c.gzip, 0)),
      chunks: build.chunks.size,
    },
    problems,
  };
}

/** Loads `origin`/ in Chromium and weighs every script and stylesheet it requests until idle. */
export async function browserPageWeight(origin) {
  // Imported here so that the CI budget check, which only reads files, does not load Playwright.
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const responses = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') responses.push(response);
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const files = [];
    for (const response of responses) {
      const body = await response.body();
      const sizes = await response.request().sizes();
      files.push({
        url: new URL(response.url()).pathname,
        type: response.request().resourceType(),
        bytes: body.length,
        gzip: gzipSize(body),
        contentEncoding: (await response.allHeaders())['content-encoding'] ?? null,
        transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    }
    const sum = (type, key) => files.filter((f) => f.type === type).reduce((t, f) => t + f[key], 0);
    return {
      files,
      jsGzipKb: kb(sum('script', 'gzip')),
      cssGzipKb: kb(sum('stylesheet', 'gzip')),
      jsTransferredKb: kb(sum('script', 'transferred')),
      serverCompresses: files.some((f) => f.contentEncoding !== null),
    };
  } finally {
    await browser.close();
  }
}
