// The back office's applications list with 100,000 applications (docs/design.md §5: p95 ≤ 100 ms,
// on SQLite and on PostgreSQL). `npm run build` first (it uses packages/server/dist), then
// `npx tsx bench/back-office-list.mjs [rows] [sqlite|postgres|both]`; bench/run.mjs runs it as the
// part `back-office` on both. Seeds a temporary SQLite file, or a database on a private
// PostgreSQL, signs a member of staff in through the real routes (password + TOTP), then times
// each kind of list request in-process (app.inject: the route, the query and the audit append,
// without the network). `BENCH_EXPLAIN=1` also prints each kind's query plan.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { generate } from 'otplib';
import pg from 'pg';
import { buildApp } from '../packages/server/dist/app.js';
import { loadConfig } from '../packages/server/dist/config.js';
import { openDatabase } from '../packages/server/dist/db/connection.js';
import { migrateToLatest } from '../packages/server/dist/db/migrate.js';
import { searchName } from '../packages/server/dist/db/search-name.js';
import { createLogger } from '../packages/server/dist/logger.js';
import { startPrivatePostgres } from '../packages/server/src/test-support/postgres-server.ts';
import { hashPassword } from '../packages/server/dist/staff/passwords.js';
import { createStaffRepository } from '../packages/server/dist/staff/repository.js';
import { newTotpSecret } from '../packages/server/dist/staff/totp.js';
import { percentile, round } from './lib/stats.mjs';

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

const COLUMNS = [
  'submission_key',
  'status',
  'outcome',
  'decline_reason',
  'application_id',
  'payload_json',
  'brand',
  'affiliate_key',
  'email_lower',
  'phone_normalised',
  'search_name',
  'date_of_birth',
  'created_at',
  'updated_at',
  'completed_at',
];

/** Row `index` of the seeded applications, in COLUMNS' order. */
function seedRow(index) {
  const start = Date.parse('2026-01-01T00:00:00Z');
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
    addresses: [{ addressIndex: 0, postcode: POSTCODES[index % POSTCODES.length], town: 'London' }],
  };
  const json = JSON.stringify(payload);
  return [
    randomUUID(),
    partial ? 'partial' : 'complete',
    outcome,
    outcome === 'declined' ? 'Income' : null,
    outcome === 'approved' ? randomUUID() : null,
    json,
    'default',
    'default',
    payload.email,
    payload.contactNumber,
    searchName(json),
    '1980-05-15',
    at,
    at,
    partial ? null : at,
  ];
}

/** Row `index`'s person (docs/decisions/0050-people-and-relations.md): its people row. */
const PEOPLE_COLUMNS = [
  'application_row_id',
  'role',
  'email_lower',
  'phone_normalised',
  'date_of_birth',
  'name',
];
function personRow(index, row) {
  const payload = JSON.parse(row[COLUMNS.indexOf('payload_json')]);
  // Row ids are given in insertion order on both databases: 1, 2, …
  return [
    index + 1,
    'applicant',
    payload.email,
    payload.contactNumber,
    '1980-05-15',
    `${payload.firstName} ${payload.lastName}`,
  ];
}

function seedSqlite(file, rows) {
  const raw = new Database(file);
  const insert = raw.prepare(
    `insert into applications (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
  );
  const person = raw.prepare(
    `insert into application_people (${PEOPLE_COLUMNS.join(', ')}) values (${PEOPLE_COLUMNS.map(() => '?').join(', ')})`,
  );
  raw.transaction(() => {
    for (let index = 0; index < rows; index += 1) {
      const row = seedRow(index);
      insert.run(...row);
      person.run(...personRow(index, row));
    }
  })();
  raw.close();
}

async function seedPostgres(url, rows) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const batch = 1000;
    for (let first = 0; first < rows; first += batch) {
      const values = [];
      const tuples = [];
      const people = [];
      const personTuples = [];
      for (let index = first; index < Math.min(rows, first + batch); index += 1) {
        const row = seedRow(index);
        tuples.push(`(${row.map((_, i) => `$${values.length + i + 1}`).join(', ')})`);
        values.push(...row);
        const person = personRow(index, row);
        personTuples.push(`(${person.map((_, i) => `$${people.length + i + 1}`).join(', ')})`);
        people.push(...person);
      }
      await client.query(
        `insert into applications (${COLUMNS.join(', ')}) values ${tuples.join(', ')}`,
        values,
      );
      await client.query(
        `insert into application_people (${PEOPLE_COLUMNS.join(', ')}) values ${personTuples.join(', ')}`,
        people,
      );
    }
    // What autovacuum does soon after a load this size (PostgreSQL 13 and later vacuum a table
    // after inserts too): the planner's statistics, and the visibility map that lets a query
    // read an index alone.
    await client.query('vacuum analyze applications');
    await client.query('vacuum analyze application_people');
  } finally {
    await client.end();
  }
}

/** Signs a member of staff in through the real routes; the session cookie and CSRF token. */
async function signIn(app, db) {
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
  return {
    cookie: `bo_session=${/bo_session=([^;]+)/.exec(String(second.headers['set-cookie']))[1]}`,
    'x-csrf-token': second.json().csrfToken,
  };
}

/** The search's body for each kind (a POST: decision 0052). */
const queriesFor = (rows) => {
  const middle = Math.floor(rows / 2);
  return {
    'first page': {},
    'page 100 (keyset)': { after: rows - 25 * 100 },
    'e-mail': { q: `person${middle}@example.com` },
    phone: { q: `07700${String(middle).padStart(6, '0')}` },
    'application id': { q: randomUUID() },
    'outcome declined': { outcome: 'declined' },
    'journey secured': { journey: 'secured' },
    'date range': { from: '2026-02-01', to: '2026-02-07' },
    name: { q: `${LAST[3]}${middle}` },
    postcode: { q: 'sw1a2aa' },
    'name, no match': { q: 'nobody-at-all' },
  };
};

/** Times every kind of list request on one seeded database. */
async function measureOn(dialect, url, rows, log) {
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const plans = [];
  const explain = process.env.BENCH_EXPLAIN === '1';
  const db = openDatabase(config.database, {
    log: (event) => {
      const text = event.query.sql;
      if (explain && /from "applications"/.test(text) && !/^explain/.test(text)) {
        plans.push({ sql: text, parameters: event.query.parameters });
      }
    },
  });
  await migrateToLatest(db);
  const started = Date.now();
  if (dialect === 'sqlite') seedSqlite(url, rows);
  else await seedPostgres(url, rows);
  log(
    `back office, ${dialect}: ${rows} applications seeded in ${round((Date.now() - started) / 1000)} s`,
  );
  const app = await buildApp({ config, db, logger: createLogger('silent') });
  try {
    const headers = await signIn(app, db);
    const queries = [];
    for (const [name, query] of Object.entries(queriesFor(rows))) {
      const times = [];
      plans.length = 0;
      for (let sample = 0; sample < SAMPLES; sample += 1) {
        const began = process.hrtime.bigint();
        const response = await app.inject({
          method: 'POST',
          url: '/api/staff/applications/search',
          payload: query,
          headers,
        });
        times.push(Number(process.hrtime.bigint() - began) / 1e6);
        if (response.statusCode !== 200) {
          throw new Error(`${name}: ${response.statusCode} ${response.body}`);
        }
      }
      queries.push({
        name,
        p50Ms: round(percentile(times, 50), 1),
        p95Ms: round(percentile(times, 95), 1),
      });
      if (explain && plans.length > 0) {
        const { sql: text, parameters } = plans[0];
        const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain analyze ';
        const plan = await db.executeQuery(CompiledQuery.raw(prefix + text, parameters));
        console.error(
          `--- ${dialect} ${name}\n${text}\n${plan.rows.map((r) => Object.values(r).join(' ')).join('\n')}`,
        );
      }
    }
    return { dialect, rows, samples: SAMPLES, queries };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** Both databases (or `dialects`), each seeded with `rows` applications. */
export async function backOfficeList({
  rows = Number(process.env.BENCH_BACK_OFFICE_ROWS ?? 100_000),
  dialects = ['sqlite', 'postgres'],
  log = () => {},
} = {}) {
  const runs = [];
  if (dialects.includes('sqlite')) {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-bo-bench-'));
    try {
      runs.push(await measureOn('sqlite', path.join(directory, 'app.db'), rows, log));
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }
  if (dialects.includes('postgres')) {
    const postgres = await startPrivatePostgres({ durable: true });
    try {
      runs.push(await measureOn('postgres', await postgres.createDatabase(), rows, log));
    } finally {
      await postgres.destroy();
    }
  }
  return { runs };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = Number(process.argv[2] ?? 100_000);
  const which = process.argv[3] ?? 'both';
  const dialects = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const { runs } = await backOfficeList({ rows, dialects, log: console.error });
  for (const run of runs) {
    console.log(
      `| query (${rows.toLocaleString('en-GB')} applications, ${run.dialect}) | p50 ms | p95 ms |`,
    );
    console.log('|---|---|---|');
    for (const q of run.queries) console.log(`| ${q.name} | ${q.p50Ms} | ${q.p95Ms} |`);
  }
}
