// The back office's applications list with 100,000 applications (docs/design.md §5: p95 ≤ 100 ms).
// `npm run build` first (it uses packages/server/dist), then `node bench/back-office-list.mjs`
// [rows] [SQLite file]. Seeds a temporary SQLite database, signs a member of staff in through
// the real routes (password + TOTP), then times each kind of list request in-process
// (app.inject: the route, the query and the audit append, without the network).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { searchName } from '../packages/server/dist/db/search-name.js';
import { createLogger } from '../packages/server/dist/logger.js';
import { hashPassword } from '../packages/server/dist/staff/passwords.js';
import { createStaffRepository } from '../packages/server/dist/staff/repository.js';
import { newTotpSecret } from '../packages/server/dist/staff/totp.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-bo-bench-'));
const file = process.argv[3] ?? path.join(directory, 'app.db');
const SAMPLES = 60;

const FIRST = [
  'Ada',
  'Grace',
  'Katherine',
  'Dorothy',
  'Mary',
  'Alan',
  'Tim',
  'Margaret',
  'Annie',
  'Hedy',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Johnson',
  'Vaughan',
  'Jackson',
  'Turing',
  'Berners-Lee',
  'Hamilton',
  'Easley',
  'Lamarr',
];
const POSTCODES = [
  'SW1A 2AA',
  'EC1A 1BB',
  'M1 1AE',
  'B33 8TH',
  'CR2 6XH',
  'DN55 1PT',
  'LS1 4AP',
  'G1 1XQ',
];

const config = loadConfig({ DATABASE_URL: file, LOG_LEVEL: 'silent' });
const db = openDatabase(config.database);
await migrateToLatest(db);

console.error(`seeding ${ROWS} applications into ${file}`);
const raw = new Database(file);
const insert = raw.prepare(
  `insert into applications (submission_key, status, outcome, decline_reason, application_id, payload_json,
     brand, affiliate_key, email_lower, phone_normalised, search_name, date_of_birth, created_at, updated_at, completed_at)
   values (?, ?, ?, ?, ?, ?, 'default', 'default', ?, ?, ?, '1980-05-15', ?, ?, ?)`,
);
const start = Date.parse('2026-01-01T00:00:00Z');
raw.transaction(() => {
  for (let index = 0; index < ROWS; index += 1) {
    const firstName = FIRST[index % FIRST.length];
    const lastName = `${LAST[Math.floor(index / FIRST.length) % LAST.length]}${index}`;
    const partial = index % 7 === 0;
    const outcome = partial ? null : index % 5 === 0 ? 'declined' : 'approved';
    const at = new Date(start + index * 60_000).toISOString();
    const payload = {
      firstName,
      lastName,
      email: `person${index}@example.com`,
      contactNumber: `07700${String(index).padStart(6, '0')}`,
      loanPurposeType: index % 3 === 0 ? 'HomeImprovements' : 'Vehicle',
      isJointApplication: index % 11 === 0,
      loanAmount: 5000 + (index % 50) * 100,
      addresses: [
        { addressIndex: 0, postcode: POSTCODES[index % POSTCODES.length], town: 'London' },
      ],
    };
    insert.run(
      randomUUID(),
      partial ? 'partial' : 'complete',
      outcome,
      outcome === 'declined' ? 'Income' : null,
      outcome === 'approved' ? randomUUID() : null,
      JSON.stringify(payload),
      payload.email,
      payload.contactNumber,
      searchName(JSON.stringify(payload)),
      at,
      at,
      partial ? null : at,
    );
  }
})();
raw.close();

const app = await buildApp({ config, db, logger: createLogger('silent') });
const members = createStaffRepository(db);
const now = new Date();
const { member } = await members.add(
  { email: 'bench@broker.example', name: 'Bench', role: 'agent' },
  now,
);
const secret = newTotpSecret();
await members.setTotpSecret(member.id, secret, now);
await members.completeSetup(member.id, await hashPassword('bench pass phrase long'), 0, now);
const first = await app.inject({
  method: 'POST',
  url: '/api/staff/sign-in',
  payload: { email: 'bench@broker.example', password: 'bench pass phrase long' },
});
const pending = /bo_session=([^;]+)/.exec(String(first.headers['set-cookie']))[1];
const second = await app.inject({
  method: 'POST',
  url: '/api/staff/sign-in/code',
  headers: { cookie: `bo_session=${pending}` },
  payload: { code: await generate({ secret }) },
});
const cookie = `bo_session=${/bo_session=([^;]+)/.exec(String(second.headers['set-cookie']))[1]}`;

const middle = Math.floor(ROWS / 2);
const QUERIES = {
  'first page': '',
  'page 100 (keyset)': `after=${ROWS - 25 * 100}`,
  'e-mail': `q=person${middle}@example.com`,
  phone: `q=07700${String(middle).padStart(6, '0')}`,
  'application id': `q=${randomUUID()}`,
  'outcome declined': 'outcome=declined',
  'journey secured': 'journey=secured',
  'date range': 'from=2026-02-01&to=2026-02-07',
  name: `q=${LAST[3]}${middle}`,
  postcode: 'q=sw1a2aa',
  'name, no match': 'q=nobody-at-all',
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
console.log(`| query (${ROWS.toLocaleString('en-GB')} applications, SQLite) | p50 ms | p95 ms |`);
console.log('|---|---|---|');
for (const [name, query] of Object.entries(QUERIES)) {
  const times = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const began = process.hrtime.bigint();
    const response = await app.inject({
      method: 'GET',
      url: `/api/staff/applications?${query}`,
      headers: { cookie },
    });
    times.push(Number(process.hrtime.bigint() - began) / 1e6);
    if (response.statusCode !== 200)
      throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  }
  console.log(
    `| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
  );
}
await app.close();
await db.destroy();
if (process.argv[3] === undefined) fs.rmSync(directory, { recursive: true, force: true });
