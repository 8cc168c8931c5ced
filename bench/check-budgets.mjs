// The deterministic budgets of docs/design.md §5, for CI: the built JavaScript sizes. Run after a build
// (`node bench/check-budgets.mjs`, or `--dist=<folder>`); prints a table and exits 1 naming every
// budget exceeded, with the modules that weigh most (from the build's sourcemaps).
// - First screen: ≤ 95 KB gzip of JavaScript (index.html's script and modulepreloads, their
//   imports, and the start step's screen and widgets, loaded before the first render).
// - First screen until the network is idle: ≤ 95 KB gzip of the same, with what every page
//   fetches after its first render (packages/web/scripts/build-graph/screens.mjs AFTER_FIRST_RENDER): the set Chromium
//   loads for `/` (the bench's browser figure; docs/design.md §5).
// - Each later screen, and each other lazily loaded chunk: ≤ 10 KB gzip beyond the first screen.
import path from 'node:path';
import { BUDGETS } from './lib/budgets.mjs';
import {
  backOfficeModulesIn,
  readBuild,
  WEB_DIST,
} from '../packages/web/scripts/build-graph/chunks.mjs';
import { staticPageWeight } from './page-weight.mjs';

const distArg = process.argv.find((arg) => arg.startsWith('--dist='));
const dist = distArg ? path.resolve(distArg.slice('--dist='.length)) : WEB_DIST;

let weight;
try {
  weight = staticPageWeight(dist);
} catch (error) {
  console.error(`Budget check: ${error.message}`);
  process.exit(1);
}

const failures = [];
const rows = [];
const check = (what, valueKb, budgetKb) => {
  const ok = valueKb <= budgetKb;
  rows.push([what, `${valueKb} KB`, `≤ ${budgetKb} KB`, ok ? 'ok' : 'EXCEEDED']);
  if (!ok) failures.push({ what, valueKb, budgetKb });
  return ok;
};

check('first screen JS', weight.firstScreen.jsGzipKb, BUDGETS.firstScreenJsKb);
// The same set as Chromium loads for `/` until the network is idle (the bench's browser figure):
// with what the app fetches after its first render (docs/performance.md, "The CI budget check").
check(
  'first screen JS until network idle',
  weight.firstScreen.untilIdleJsGzipKb,
  BUDGETS.firstScreenJsKb,
);
for (const unit of [...weight.laterScreens, ...weight.lazyChunks]) {
  check(`${unit.name} ${unit.path}`, unit.jsGzipKb, BUDGETS.laterScreenJsKb);
}

// docs/performance.md: the back office's code is never part of an applicant page. Every chunk of
// the applicant's build is checked by the source modules its sourcemap names.
const backOffice = backOfficeModulesIn(readBuild(dist));
rows.push([
  'back-office code in the applicant build',
  `${backOffice.length} modules`,
  '0 modules',
  backOffice.length === 0 ? 'ok' : 'EXCEEDED',
]);
for (const { file, module } of backOffice) {
  weight.problems.push(`${file} contains back-office code (${module})`);
}

const width = rows.reduce((w, row) => Math.max(w, row[0].length), 0);
console.log(
  `JavaScript budgets (gzip level 9, KB of 1,024 bytes) for ${path.relative(process.cwd(), dist) || dist}`,
);
for (const [what, value, budget, result] of rows) {
  console.log(`  ${what.padEnd(width)}  ${value.padStart(9)}  ${budget.padStart(9)}  ${result}`);
}

for (const problem of weight.problems) console.error(`Budget check: ${problem}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} budget(s) exceeded:`);
  for (const failure of failures) {
    console.error(`- ${failure.what}: ${failure.valueKb} KB > ${failure.budgetKb} KB`);
    const modules =
      failure.what === 'first screen JS' || failure.what === 'first screen JS until network idle'
        ? weight.firstScreen.byModule
        : (weight.overBudget.find((u) => failure.what.startsWith(`${u.name} `))?.byModule ?? []);
    for (const m of modules.slice(0, 5)) {
      console.error(`    ${m.name}: ${m.minifiedKb} KB minified, ~${m.gzipKbEstimate} KB gzip`);
    }
  }
}
if (failures.length > 0 || weight.problems.length > 0) process.exitCode = 1;
