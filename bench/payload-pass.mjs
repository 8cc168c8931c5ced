// The domain's share of a submission, in process: CPU time per call of each part of the server's
// pass over the shared vehicle applicant's payload (zod's structure, the read-back, the step rules
// and the path, the lender panel). A microbenchmark to profile and cut with; the whole server's
// figure against the floor is bench/cpu-floor.mjs's.
//
//   npx tsc -b packages/domain && node bench/payload-pass.mjs
import { applicantPayload } from '@broker/domain/testing';
import {
  submissionPayloadSchema,
  mergeProblems,
  readPayload,
  payloadStepProblems,
  panelApplicationFrom,
  decideOnPanel,
  parseLenderPanel,
} from '@broker/domain';
import fs from 'node:fs';
import path from 'node:path';
const today = { year: 2026, month: 11, day: 27 };
const p = applicantPayload('vehicle', { today });
const panel = parseLenderPanel(
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, '../packages/server/data/lender-panel.sample.json'),
      'utf8',
    ),
  ),
);
function time(name, fn, n = 20000) {
  for (let i = 0; i < 2000; i++) fn();
  const t = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const c = process.cpuUsage(t);
  console.log(name.padEnd(24), ((c.user + c.system) / n).toFixed(1), 'µs cpu/call');
}
time('zod parse', () => submissionPayloadSchema.safeParse(p));
time('readPayload', () => readPayload(p));
time('payloadStepProblems', () => payloadStepProblems(p, { complete: true, today }));
time('mergeProblems', () => mergeProblems(p, [], { complete: true, today }));
time('JSON.stringify', () => JSON.stringify(p));
time('panel decide', () =>
  decideOnPanel(panel.panel ?? panel, panelApplicationFrom(p, today), {
    policy: { minAge: 21, maxAge: 75, minMonthlyIncome: 500, duplicateWindowDays: 30 },
    quoteValidDays: 30,
  }),
);
