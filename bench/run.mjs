// npm run bench: runs every benchmark, prints a Markdown table and writes bench/results/latest.json.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pageWeight } from './page-weight.mjs';

const results = { date: new Date().toISOString(), pageWeight: pageWeight() };

const pw = results.pageWeight;
const rows = [
  ['First screen JavaScript (gzip)', `${pw.firstScreen.jsGzipKb} KB`, '≤ 95 KB'],
  ['First screen CSS (gzip)', `${pw.firstScreen.cssGzipKb} KB`, ''],
  [
    'Largest later chunk (gzip)',
    `${pw.chunks[0]?.gzipKb ?? 0} KB (${pw.chunks[0]?.file ?? '-'})`,
    '≤ 10 KB',
  ],
];
const table = [
  '| measure | value | budget |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(table);

const out = path.resolve(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
writeFileSync(path.join(out, 'latest.md'), table + '\n');
