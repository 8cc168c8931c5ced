// Profiling experiment (not part of npm run bench): how much of the first screen's Lighthouse
// LCP would compression and a pre-rendered first screen save? Serves the same build three ways
// and runs Lighthouse (mobile, simulated throttling) on / three times each, median:
// - as built: the real server (today: no compression);
// - gzip: a bare static server sending the same files gzip-compressed (level 9), /api proxied
//   to the real server;
// - gzip + pre-rendered: as gzip, with index.html carrying the first screen's HTML (taken from
//   Chromium after the app rendered /) inside #root, as a server-rendered page would;
// - … + inline CSS: the stylesheet in a <style> element instead of a render-blocking request;
// - … + late script: no modulepreload links, the entry script at the end of <body>.
// Run after a build: node bench/experiments/lcp-variants.mjs
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/browser.mjs';
import { freePort, startAppServer } from '../lib/server.mjs';
import { snapshotBuild } from '../lib/snapshot.mjs';
import { median, round } from '../lib/stats.mjs';
import { runWithRetry } from '../lighthouse.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

async function renderedRoot(origin) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    return await page.locator('#root').innerHTML();
  } finally {
    await browser.close();
  }
}

function inlineCss(dist) {
  return (html) =>
    html.replace(
      /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
      (_, file) => {
        return `<style>${readFileSync(path.join(dist, file), 'utf8')}</style>`;
      },
    );
}

function lateScript(html) {
  const script = /<script type="module" crossorigin src="[^"]+"><\/script>/.exec(html)?.[0] ?? '';
  return html
    .replace(script, '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
    .replace('</body>', `${script}</body>`);
}

async function staticServer(dist, api, rootHtml, transform = (html) => html) {
  const port = await freePort();
  const cache = new Map();
  const gz = (file, transform = (text) => text) => {
    if (!cache.has(file)) {
      cache.set(file, gzipSync(transform(readFileSync(file, 'utf8')), { level: 9 }));
    }
    return cache.get(file);
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      const upstream = http.request(
        `${api}${request.url}`,
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
      return;
    }
    const asset = url.pathname.startsWith('/assets/') ? path.join(dist, url.pathname) : null;
    const file = asset ?? path.join(dist, 'index.html');
    const body = asset
      ? gz(file)
      : gz(file, (html) =>
          transform(
            url.pathname === '/' && rootHtml
              ? html.replace('<div id="root"></div>', `<div id="root">${rootHtml}</div>`)
              : html,
          ),
        );
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'text/html; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => server.close(r)) };
}

async function measure(label, origin) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await runWithRetry(origin, '/', console.error));
  const mid = (key) => median(runs.map((r) => r[key]));
  const line = {
    variant: label,
    performance: mid('performance'),
    lcpMs: round(mid('lcpMs'), 0),
    fcpMs: runs[0].diagnostics['first-contentful-paint'],
    tbtMs: round(mid('tbtMs'), 0),
    cls: mid('cls'),
    lcpElement: runs[0].lcpElement,
  };
  console.log(JSON.stringify(line));
  return line;
}

const snapshot = await snapshotBuild();
const app = await startAppServer(snapshot);
const servers = [];
try {
  if (!process.env.SKIP_BASE) await measure('as built', app.origin);
  const gzip = await staticServer(snapshot.webDist, app.origin, null);
  servers.push(gzip);
  await measure('gzip', gzip.origin);
  const root = await renderedRoot(app.origin);
  const prerendered = await staticServer(snapshot.webDist, app.origin, root);
  servers.push(prerendered);
  await measure('gzip + pre-rendered /', prerendered.origin);
  const inline = inlineCss(snapshot.webDist);
  const inlined = await staticServer(snapshot.webDist, app.origin, root, inline);
  servers.push(inlined);
  await measure('gzip + pre-rendered / + inline CSS', inlined.origin);
  const late = await staticServer(snapshot.webDist, app.origin, root, (h) => lateScript(inline(h)));
  servers.push(late);
  await measure('gzip + pre-rendered / + inline CSS + late script', late.origin);
} finally {
  for (const server of servers) await server.stop();
  await app.stop();
  snapshot.remove();
}
