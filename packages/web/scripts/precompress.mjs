// Writes Brotli and gzip copies beside every text asset of the build, once, at their highest
// levels; the server sends them to browsers that accept them (@fastify/static preCompressed).
// Compressing at build time costs requests nothing, where compressing per request would.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(?:js|css|html|svg|json|txt)$/;
// Below this size the encoded copy saves less than its headers cost.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist)}`);
