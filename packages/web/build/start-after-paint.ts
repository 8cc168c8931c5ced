import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The script index.html runs. It starts the app (the entry chunk and its imports, given
 * dependencies first) at once, except when the server sent the start screen as HTML
 * (pre-rendered): then the browser paints that first and the app is fetched after the next
 * frame, so nothing but the HTML stands between the visitor and the first paint, and a slow
 * phone is not running the app's script before it has shown anything. A hidden tab paints no
 * frames, so it starts at once. The files are fetched together (modulepreload) and, should the
 * entry ever import other chunks, run one per task, dependencies first. (Today the entry is one
 * file: vite.config.ts groups everything it imports into it.)
 */
export function bootScript(files: readonly string[]): string {
  // Absolute paths: the pre-rendered pages carry this script inline (scripts/prerender.mjs).
  const urls = JSON.stringify(files.map((file) => `/${file}`));
  return [
    `const files=${urls};`,
    `const start=()=>{for(const href of files){const link=document.createElement("link");`,
    `link.rel="modulepreload";link.href=href;document.head.append(link)}`,
    `files.reduce((ran,href)=>ran.then(()=>new Promise(r=>setTimeout(r,0))).then(()=>import(href)),`,
    `Promise.resolve())};`,
    `document.getElementById("root")?.hasChildNodes()&&document.visibilityState==="visible"`,
    `?requestAnimationFrame(()=>requestAnimationFrame(start)):start();\n`,
  ].join('');
}

/** The chunk and its static imports, each after everything it imports. */
function staticClosure(bundle: OutputBundle, chunk: OutputChunk, into: Set<string>): void {
  if (into.has(chunk.fileName)) return;
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === 'chunk') staticClosure(bundle, imported, into);
  }
  into.add(chunk.fileName);
}

/**
 * Replaces index.html's entry script by the boot script above, and preloads the entry and its
 * static imports (<link rel="modulepreload">) so starting later costs no round trip.
 */
export function startAfterPaint(): Plugin {
  return {
    name: 'broker:start-after-paint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') return;
        const entry = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && output.isEntry,
        );
        if (!entry) throw new Error('start-after-paint: the build has no entry chunk');
        const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!html.source.includes(tag)) {
          throw new Error(`start-after-paint: index.html has no ${tag}`);
        }
        const files = new Set<string>();
        staticClosure(bundle, entry, files);
        const source = bootScript([...files]);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const bootFile = `assets/boot-${hash}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source });
        const preloads = [...files]
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        html.source = html.source.replace(
          tag,
          () => `<script type="module" crossorigin src="/${bootFile}"></script>\n    ${preloads}`,
        );
      },
    },
  };
}
