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
import { CompiledQuery, sql } from 'kysely';
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
    memberId: member.id,
    headers: {
      cookie: `bo_session=${/bo_session=([^;]+)/.exec(String(second.headers['set-cookie']))[1]}`,
      'x-csrf-token': second.json().csrfToken,
    },
  };
}

/** Today in London as YYYY-MM-DD, `days` later. */
function londonDay(days = 0) {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
}

/**
 * The work queue's state (docs/decisions/0083-the-work-queue.md): one application in five has
 * been worked, in every status; one in ten is the bench member's; next-action dates spread
 * over the 15 days either side of today, none on a closed case.
 */
async function seedWork(db, memberId) {
  const days = Array.from({ length: 30 }, (_, day) => `when ${day} then '${londonDay(day - 15)}'`);
  await sql`insert into application_work (application_row_id, work_status, assigned_to, updated_at, next_action_on)
    select id,
      case id % 7 when 0 then 'awaiting-documents' when 1 then 'referred' when 2 then 'contacted'
        when 3 then 'completed' when 4 then 'withdrawn' else 'new' end,
      case when id % 10 = 0 then ${memberId} else null end,
      created_at,
      case when id % 7 in (3, 4) then null else case id % 30 ${sql.raw(days.join(' '))} end end
    from applications where id % 5 = 0`.execute(db);
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
    // The work queue's saved views (decision 0083).
    'view mine': { view: 'mine' },
    'view unassigned': { view: 'unassigned' },
    'view due today': { view: 'due-today' },
    'view overdue': { view: 'overdue' },
    'view awaiting documents': { view: 'awaiting-documents' },
    'view awaiting lender': { view: 'awaiting-lender' },
    'view overdue, page 2 (keyset)': { view: 'overdue', after: Math.floor(rows * 0.9) },
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
    const { memberId, headers } = await signIn(app, db);
    await seedWork(db, memberId);
    if (dialect === 'postgres') await sql`vacuum analyze application_work`.execute(db);
    else await sql`analyze`.execute(db);
    const queries = [];
    const kinds = Object.entries(queriesFor(rows));
    // The six views' counts: one GET, as the queue asks beside the list.
    kinds.push(['queue counts (six views)', null]);
    for (const [name, query] of kinds) {
      const times = [];
      plans.length = 0;
      for (let sample = 0; sample < SAMPLES; sample += 1) {
        const began = process.hrtime.bigint();
        const response =
          query === null
            ? await app.inject({ method: 'GET', url: '/api/staff/queue/counts', headers })
            : await app.inject({
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
