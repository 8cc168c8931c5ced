// Page weight of the production build: the gzip size of the JavaScript and CSS that the first
// screen loads (the entry script, its modulepreloads and stylesheets in index.html) and of every
// other chunk. Deterministic: reads packages/web/dist only.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../packages/web/dist');

function gzipKb(file) {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
}

export function pageWeight() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run npm run build first');
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1],
  );
  const firstScreen = [...new Set(referenced)];
  const assets = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => `assets/${f}`);
  const sum = (files, ext) =>
    files.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipKb(f), 0);
  const chunks = assets
    .filter((f) => !firstScreen.includes(f))
    .map((f) => ({ file: f, gzipKb: Number(gzipKb(f).toFixed(2)) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return {
    firstScreen: {
      files: firstScreen,
      jsGzipKb: Number(sum(firstScreen, '.js').toFixed(2)),
      cssGzipKb: Number(sum(firstScreen, '.css').toFixed(2)),
    },
    chunks,
  };
}
