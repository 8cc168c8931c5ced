// The production build read as a graph of chunks: what each chunk imports (statically and
// lazily), which source modules it holds and how many bytes each contributes (from the build's
// sourcemaps), and which chunks each screen needs. Deterministic: reads a dist folder only.
// The product's own: the build's pre-render (scripts/prerender.mjs) needs it, and the benchmarks
// and the CI budget check (bench/) import it from here, never the other way round.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');
export const KB = 1024;

export function gzipSize(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

export const kb = (bytes) => Number((bytes / KB).toFixed(2));

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, i) => [char, i]));

/** One segment of a sourcemap's `mappings`: [column, source, line, column, name], VLQ deltas. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64_VALUE.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Characters of generated code per source module (minified code is ASCII, so characters are
 * bytes). Code no mapping covers (the bundler's glue) is counted under '(unmapped)'.
 */
export function bytesBySource(code, map) {
  const lines = code.split('\n');
  const totals = new Map();
  const add = (source, n) => totals.set(source, (totals.get(source) ?? 0) + n);
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const length = (lines[lineIndex] ?? '').length;
    let column = 0;
    const spans = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta !== undefined) source += sourceDelta;
      // Segments also carry line, column and name deltas; only the source matters here.
      spans.push({ column, source: sourceDelta === undefined ? null : source });
    }
    const first = spans[0]?.column ?? length;
    if (first > 0) add('(unmapped)', first);
    spans.forEach((span, i) => {
      const end = spans[i + 1]?.column ?? length;
      const name = span.source === null ? '(unmapped)' : (map.sources[span.source] ?? '(unmapped)');
      add(name, Math.max(0, end - span.column));
    });
  });
  return totals;
}

/** 'node_modules/react-dom/cjs/x.js' → 'react-dom'; 'packages/web/src/features/steps/x.tsx' → 'web/src/features'. */
export function groupOf(modulePath) {
  const nm = modulePath.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = modulePath.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const match = /^packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(modulePath);
  if (match) return match[2] ? `${match[1]}/src/${match[2]}` : `${match[1]}/src`;
  return modulePath;
}

const STATIC_IMPORT =
  /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Every chunk of the build: { file, bytes, gzip, imports, dynamicImports, modules }, keyed by
 * 'assets/name-hash.js'. The import graph comes from Vite's manifest when the build writes one
 * (build.manifest), else from the chunks' own import statements (the same information).
 */
export function readBuild(dist = WEB_DIST) {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${path.relative(REPO_ROOT, dist)}/index.html is missing: run npm run build`);
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const attr = (tag, name) => new RegExp(`\\b${name}="\\/?(assets\\/[^"]+)"`).exec(tag)?.[1];
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
  const entries = tags.filter((t) => t.startsWith('<script')).map((t) => attr(t, 'src'));
  const modulepreloads = tags
    .filter((t) => /rel="modulepreload"/.test(t))
    .map((t) => attr(t, 'href'));
  const stylesheets = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href'));

  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = existsSync(manifestFile) ? readJson(manifestFile) : null;

  const assets = readdirSync(path.join(dist, 'assets'));
  const chunks = new Map();
  for (const name of assets.filter((f) => f.endsWith('.js'))) {
    const file = `assets/${name}`;
    const buffer = readFileSync(path.join(dist, file));
    const code = buffer.toString('utf8');
    const mapFile = path.join(dist, `${file}.map`);
    // Sources are relative to the map; a copied build (bench/lib/snapshot.mjs) names them as
    // the checkout's packages/web/dist would.
    const moduleKey = (source) =>
      path.relative(REPO_ROOT, path.resolve(WEB_DIST, path.dirname(file), source));
    const modules = new Map();
    const sourceText = new Map();
    if (existsSync(mapFile)) {
      const map = readJson(mapFile);
      for (const [source, bytes] of bytesBySource(code, map)) {
        const key = source === '(unmapped)' ? source : moduleKey(source);
        modules.set(key, (modules.get(key) ?? 0) + bytes);
      }
      map.sources.forEach((source, i) => {
        if (map.sourcesContent?.[i]) sourceText.set(moduleKey(source), map.sourcesContent[i]);
      });
    }
    chunks.set(file, {
      file,
      bytes: buffer.length,
      gzip: gzipSize(buffer),
      imports: [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => `assets/${m[1]}`))],
      dynamicImports: [...new Set([...code.matchAll(DYNAMIC_IMPORT)].map((m) => `assets/${m[1]}`))],
      modules,
      sourceText,
    });
  }
  if (manifest) {
    for (const entry of Object.values(manifest)) {
      const chunk = chunks.get(entry.file);
      if (!chunk) continue;
      chunk.imports = (entry.imports ?? []).map((key) => manifest[key].file);
      chunk.dynamicImports = (entry.dynamicImports ?? []).map((key) => manifest[key].file);
    }
  }
  const css = new Map(
    assets
      .filter((f) => f.endsWith('.css'))
      .map((name) => {
        const buffer = readFileSync(path.join(dist, 'assets', name));
        return [
          `assets/${name}`,
          { file: `assets/${name}`, bytes: buffer.length, gzip: gzipSize(buffer) },
        ];
      }),
  );
  return {
    dist,
    html,
    entries,
    modulepreloads,
    stylesheets,
    chunks,
    css,
    manifest: manifest !== null,
  };
}

/** The chunks `roots` need before they run: themselves and their static imports, transitively. */
export function closure(build, roots) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !build.chunks.has(file)) return;
    seen.add(file);
    for (const next of build.chunks.get(file).imports) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** The chunk that holds a source module ('packages/web/src/x.tsx'; the extension may be left off). */
export function chunkOf(build, modulePath) {
  for (const chunk of build.chunks.values()) {
    for (const module of chunk.modules.keys()) {
      if (module === modulePath || module.replace(/\.[jt]sx?$/, '') === modulePath) return chunk;
    }
  }
  return null;
}

export function sourceOf(build, modulePath) {
  for (const chunk of build.chunks.values()) {
    const text = chunk.sourceText.get(modulePath);
    if (text !== undefined) return text;
  }
  return null;
}

/** Bytes of a set of chunks by source module, biggest first, with a share of their gzip size. */
export function attribute(build, files, { by = 'module', top = 10 } = {}) {
  const totals = new Map();
  let gzip = 0;
  let bytes = 0;
  for (const file of files) {
    const chunk = build.chunks.get(file);
    if (!chunk) continue;
    gzip += chunk.gzip;
    bytes += chunk.bytes;
    for (const [module, n] of chunk.modules) {
      const key = by === 'group' ? groupOf(module) : module;
      totals.set(key, (totals.get(key) ?? 0) + n);
    }
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, n]) => ({
      name,
      minifiedKb: kb(n),
      // gzip does not split by module; a module's share of the minified bytes is the estimate.
      gzipKbEstimate: bytes ? kb((gzip * n) / bytes) : 0,
    }));
}

/** Source modules of the back office (packages/back-office) in any chunk of an applicant build. */
export function backOfficeModulesIn(build) {
  const found = [];
  for (const [file, chunk] of build.chunks) {
    for (const module of chunk.modules.keys()) {
      if (/(^|\/)packages\/back-office\//.test(module)) found.push({ file, module });
    }
  }
  return found;
}
