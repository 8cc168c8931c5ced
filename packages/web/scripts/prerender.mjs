// Pre-renders the start screen once per brand into dist/prerendered/<brand>.html, after
// `vite build` and before precompress.mjs. The server sends that page for `/` to a visitor who
// has not answered the cookie banner, and the app adopts it with hydrateRoot (main.tsx,
// src/prerender/hydration.ts): the first screen is painted from the HTML, before any script.
//
// Until the app has adopted it, the page's #root is `inert`: seen, but not yet usable (a choice
// made before the app runs would be undone by its first render). Each page has the build's stylesheet inlined (one round trip fewer before the first paint)
// and the brand's colour, and the boot script (build/start-after-paint.ts) inline and without
// the app's preloads: the app's files are fetched once the page is painted, so that nothing but
// the HTML stands between the request and the first paint. pages.json gives the server each
// page's file and the hashes of its <style> and <script> for the Content-Security-Policy (which
// otherwise allows neither inline).
//
// Then every journey step's shell per brand, with and without the banner, into
// dist/prerendered/steps/ (steps.json): sent for a deep link or a reload and replaced, not
// adopted, by the app (docs/decisions/0043-step-shells.md; details below).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import { BRAND_LIST, parseStepPath, STEP_IDS, STEPS } from '@broker/domain';
import { closure, readBuild } from './build-graph/chunks.mjs';
import { screenChunks } from './build-graph/screens.mjs';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
// Inside the package, so the bundle's bare imports (react-dom/server) resolve from node_modules.
const ssrOut = path.join(webRoot, 'node_modules/.cache/prerender');
const outDir = path.join(dist, 'prerendered');

await build({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/entry.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});

// The app reads its host, storage and cookies from the window, as in the browser.
const dom = new JSDOM(
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  {
    url: 'http://localhost/',
  },
);
const { window } = dom;
for (const name of [
  'window',
  'document',
  'location',
  'navigator',
  'sessionStorage',
  'localStorage',
  'HTMLElement',
]) {
  Object.defineProperty(globalThis, name, {
    value: window[name],
    configurable: true,
    writable: true,
  });
}

const entry = await import(pathToFileURL(path.join(ssrOut, 'entry.js')).href);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
const stylesheets = [...template.matchAll(STYLESHEET)];
if (stylesheets.length === 0) throw new Error('dist/index.html links no stylesheet to inline');
const css = stylesheets.map((m) => readFileSync(path.join(dist, m[1]), 'utf8')).join('\n');
// A step's shell has every stylesheet of the build inline, the screens' own (the check-answers
// list, the postcode finder, the secured pages…) after the app's: whichever screen it shows is
// styled before any script runs (about 2 KB gzip more than the app's sheet alone).
const linked = new Set(stylesheets.map((m) => m[1]));
const screenCss = readdirSync(path.join(dist, 'assets'))
  .filter((file) => file.endsWith('.css') && !linked.has(`assets/${file}`))
  .sort()
  .map((file) => readFileSync(path.join(dist, 'assets', file), 'utf8'));
const shellCss = [css, ...screenCss].join('\n');

const BOOT = /<script type="module" crossorigin src="\/(assets\/boot-[\w-]+\.js)"><\/script>/;
const bootTag = BOOT.exec(template);
if (!bootTag) throw new Error('dist/index.html has no boot script (build/start-after-paint.ts)');
const boot = readFileSync(path.join(dist, bootTag[1]), 'utf8');
const PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

// React puts what components hoist (the page's <title>, the logo's image preload) before the
// markup when it renders without a document; in the page they belong in <head>, where the
// browser app puts them too.
const HOISTED = /^(?:<link [^>]*\/>|<meta [^>]*\/>|<title>[^<]*<\/title>)+/;

// The markup without the cookie banner, for a visitor who has answered it. The stores render on
// the server at their initial state (no answer to the banner), and a shell is replaced rather
// than adopted by the app, so taking the banner out of the markup is safe.
function withoutCookieBanner(html) {
  const fragment = JSDOM.fragment(`<div>${html}</div>`).firstChild;
  const banner = fragment.querySelector('#cookie-banner');
  if (!banner) throw new Error('the shell has no cookie banner to take out');
  banner.remove();
  return fragment.innerHTML;
}

// The boot script of a step's shell also fetches and runs the step's own chunks (its screen, its
// widgets and what they import) with the app, after the shell is painted: the app's first render
// then waits for no further round trip. Which chunks those are is read from the client build by
// the app's conventions, as the CI budget check reads them (build-graph/screens.mjs).
const FILES = /^const files=(\[[^\]]*\]);/;
const clientBuild = readBuild(dist);
const stepChunks = new Map(
  screenChunks(clientBuild).screens.map((screen) => [
    screen.path,
    [...closure(clientBuild, screen.roots)].reverse().map((file) => `/${file}`),
  ]),
);
function bootFor(shellPath) {
  const files = FILES.exec(boot);
  if (!files) throw new Error('the boot script does not start with its list of files');
  const extra = stepChunks.get(shellPath);
  if (!extra) throw new Error(`the build has no chunks for ${shellPath}`);
  const all = [...new Set([...JSON.parse(files[1]), ...extra])];
  return boot.replace(FILES, () => `const files=${JSON.stringify(all)};`);
}

function page(screen, shellPath = null, withoutBanner = false) {
  const hoisted = HOISTED.exec(screen.html)?.[0] ?? '';
  const markup = screen.html.slice(hoisted.length);
  const body = withoutBanner ? withoutCookieBanner(markup) : markup;
  const head = hoisted.replace(/<title>[^<]*<\/title>/g, '');
  const style = `${(shellPath ? shellCss : css).trim()}\n:root{--brand:${screen.colour}}`;
  const script = shellPath ? bootFor(shellPath) : boot;
  if (style.includes('</style')) throw new Error('the stylesheet cannot be inlined as it is');
  let html = template
    .replace(BOOT, () => `<script type="module">${script}</script>`)
    .replace(PRELOAD, '');
  let first = true;
  html = html.replace(STYLESHEET, () => {
    if (!first) return '';
    first = false;
    return `<style>${style}</style>`;
  });
  html = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(screen.title)}</title>${head}`,
  );
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('dist/index.html has no empty <div id="root">');
  html = html.replace(
    root,
    () =>
      `<div id="root" ${entry.PRERENDERED_ATTRIBUTE}="${screen.brandKey}"${
        shellPath ? ` ${entry.SHELL_PATH_ATTRIBUTE}="${escapeHtml(shellPath)}"` : ''
      } inert>${body}</div>`,
  );
  return { html, styleHash: sha256(style), scriptHash: sha256(script) };
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const pages = {};
for (const brand of BRAND_LIST) {
  const host = brand.affiliateKey === 'default' ? 'localhost' : `${brand.affiliateKey}.localhost`;
  dom.reconfigure({ url: `http://${host}/` });
  const screen = await entry.prerenderStartScreen();
  if (screen.brandKey !== brand.affiliateKey) {
    throw new Error(`${host} rendered as ${screen.brandKey}, not ${brand.affiliateKey}`);
  }
  const { html, styleHash, scriptHash } = page(screen);
  const file = `${brand.affiliateKey}.html`;
  writeFileSync(path.join(outDir, file), html);
  pages[brand.affiliateKey] = { file, styleHash, scriptHash };
}
writeFileSync(path.join(outDir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
console.log(`pre-rendered the start screen for ${Object.keys(pages).join(', ')}`);

// Each journey step's shell per brand, with and without the cookie banner, for a deep link or a
// reload (docs/decisions/0043-step-shells.md): the page with every answer empty, which the app
// replaces with the visitor's answers once it runs. Repeated steps ({n}) get the first
// iteration's shell; later ones are painted by the app as before. steps.json maps each path to
// its pages by brand for the server (packages/server/src/http/step-shells.ts).
// A step whose heading depends on the answers (how long at a job or at none) has no shell: its
// shell could show the wrong question.
const SHELL_STEPS = STEP_IDS.filter((id) => id !== 'start' && id !== 'complete')
  .filter((id) => typeof STEPS[id].heading !== 'function' || STEPS[id].heading.length < 2)
  .map((id) => STEPS[id].path.replace('{n}', '1'))
  .filter((stepPath) => parseStepPath(stepPath) !== null);
const shells = {};
mkdirSync(path.join(outDir, 'steps'), { recursive: true });
for (const brand of BRAND_LIST) {
  const host = brand.affiliateKey === 'default' ? 'localhost' : `${brand.affiliateKey}.localhost`;
  for (const stepPath of SHELL_STEPS) {
    dom.reconfigure({ url: `http://${host}${stepPath}` });
    const screen = await entry.prerenderStepShell();
    if (screen.brandKey !== brand.affiliateKey) {
      throw new Error(`${host} rendered as ${screen.brandKey}, not ${brand.affiliateKey}`);
    }
    for (const consented of [false, true]) {
      const { html, styleHash, scriptHash } = page(screen, stepPath, consented);
      const slug = stepPath.slice(1).replace(/\//g, '-');
      const file = `steps/${brand.affiliateKey}-${slug}${consented ? '-consented' : ''}.html`;
      writeFileSync(path.join(outDir, file), html);
      shells[stepPath] ??= {};
      shells[stepPath][brand.affiliateKey] ??= {};
      shells[stepPath][brand.affiliateKey][consented ? 'consented' : 'banner'] = {
        file,
        styleHash,
        scriptHash,
      };
    }
  }
}
writeFileSync(path.join(outDir, 'steps.json'), `${JSON.stringify(shells, null, 2)}\n`);
console.log(`pre-rendered the shells of ${SHELL_STEPS.length} steps for each brand`);
// The app's chunk-load timers would otherwise hold Node open.
process.exit(0);
