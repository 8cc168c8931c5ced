// The floor a submission's server CPU is measured against (docs/design.md §5, bench/cpu-floor.mjs):
// the least a durable submission API can do. Fastify validating the body with our own published
// JSON schema (the OpenAPI document's, made from the domain's zod schema as the server makes
// it), then in one SQLite transaction a duplicate look-up and one insert, made durable as our
// server makes them (WAL, synchronous NORMAL, an fdatasync of the WAL before answering, shared
// by the answers waiting for it), and a small JSON answer. No step rules, no lender panel, no
// delivery, no logging.
//
// FLOOR_SCHEMA=ours (with SERVER_DIST, a built packages/server/dist) is the same floor writing
// our own schema instead of its one small table: the file migrated as our server migrates it,
// then our submission's statements as plain SQL (the key's and the candidate reference's
// look-up, our duplicate look-up, the decided row with every column and index ours writes, and
// its people row). It tells the cost of what a submission stores apart from the cost of our
// code (docs/performance.md, "The floor on our schema").
//
// FLOOR_SCHEMA=decided is that, plus the two things our product cannot leave out whatever its
// code looks like: the lender panel's decision (our built evaluator on the configured panel,
// its evidence stored as the row's decision_json and its outcome as the row's outcome) and our
// request log line (our logger, with its redaction, at info). Still no structural check beyond
// Fastify's JSON schema and no step rules. It is the least our product can cost
// (docs/performance.md, "The least our product can cost").
import fs from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { z } from 'zod';
import { submissionPayloadSchema } from '@broker/domain';

const port = Number(process.env.PORT ?? 3598);
const file = process.env.DATABASE_URL ?? path.join(process.cwd(), 'floor.sqlite');

const decided = process.env.FLOOR_SCHEMA === 'decided';
const oursSchema = process.env.FLOOR_SCHEMA === 'ours' || decided;
const dist = process.env.SERVER_DIST;
if (oursSchema) {
  if (dist === undefined)
    throw new Error(`FLOOR_SCHEMA=${process.env.FLOOR_SCHEMA} needs SERVER_DIST`);
  const { openDatabase } = await import(path.join(dist, 'db/connection.js'));
  const { migrateToLatest } = await import(path.join(dist, 'db/migrate.js'));
  const migrated = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(migrated);
  await migrated.destroy();
}

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
const evaluate = decided ? await panelEvaluator(dist) : null;
const store = oursSchema ? storeOnOurSchema(db, evaluate) : storeOnOneTable(db);

/** Our built lender-panel evaluator on the configured panel and policy, as our server makes it. */
async function panelEvaluator(serverDist) {
  const { loadConfig } = await import(path.join(serverDist, 'config.js'));
  const { createPanelEvaluator, londonDate, panelOptionsOf } = await import(
    path.join(serverDist, 'applications/decide.js')
  );
  const panelOf = createPanelEvaluator(panelOptionsOf(loadConfig(process.env)));
  return (body, now) => panelOf(body, londonDate(now));
}

function storeOnOneTable(db) {
  db.exec(`create table if not exists applications (
    id integer primary key,
    submission_key text not null unique,
    payload_json text not null,
    email_lower text,
    phone_normalised text,
    date_of_birth text,
    created_at text not null
  )`);
  db.exec(
    'create index if not exists applications_by_person on applications (date_of_birth, created_at)',
  );
  const duplicate = db.prepare(
    `select id from applications where date_of_birth = ? and created_at >= ?
       and (email_lower = ? or phone_normalised = ?) and submission_key <> ? limit 1`,
  );
  const insert = db.prepare(
    `insert into applications (submission_key, payload_json, email_lower, phone_normalised, date_of_birth, created_at)
     values (?, ?, ?, ?, ?, ?)`,
  );
  return db.transaction((key, body, now, since) => {
    const email = typeof body.email === 'string' ? body.email.toLowerCase() : null;
    const born = typeof body.dateOfBirth === 'string' ? body.dateOfBirth.slice(0, 10) : null;
    const seen = duplicate.get(born, since, email, body.contactNumber ?? null, key) !== undefined;
    insert.run(key, JSON.stringify(body), email, body.contactNumber ?? null, born, now);
    return seen;
  });
}

function storeOnOurSchema(db, evaluate) {
  db.pragma('foreign_keys = ON');
  const lookup = db.prepare(
    'select id, status, response_json from applications where submission_key = ? or reference = ?',
  );
  const duplicate = db.prepare(
    `select id from applications where status = 'complete' and outcome in ('approved', 'declined')
       and date_of_birth = ? and completed_at >= ? and submission_key <> ? and email_lower = ?
       and phone_normalised = ? order by completed_at desc limit 1`,
  );
  const insert = db.prepare(
    `insert into applications (submission_key, status, outcome, application_id, response_json,
       decision_json, payload_json, brand, affiliate_key, dealer_number, variant, email_lower,
       phone_normalised, search_name, date_of_birth, remote_address, branch, reference,
       created_at, updated_at, completed_at)
     values (?, 'complete', ?, ?, ?, ?, ?, 'bench', ?, ?, ?, ?, ?, ?, ?, '127.0.0.1', ?, ?, ?, ?, ?)
     returning id`,
  );
  const person = db.prepare(
    `insert into application_people (application_row_id, role, email_lower, phone_normalised,
       date_of_birth, name) values (?, ?, ?, ?, ?, ?)`,
  );
  return db.transaction((key, body, now, since) => {
    const email = typeof body.email === 'string' ? body.email.toLowerCase() : null;
    const born = typeof body.dateOfBirth === 'string' ? body.dateOfBirth.slice(0, 10) : null;
    const phone = body.contactNumber ?? null;
    // Ours draws 7 characters and draws again on a clash; the floor draws 12 and never clashes.
    const reference = randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase();
    lookup.all(key, reference);
    const seen = duplicate.get(born, since, key, email, phone) !== undefined;
    const evaluation = evaluate?.(body, new Date(now)) ?? null;
    const declined = evaluation !== null && evaluation.declineReason !== null;
    const answer = JSON.stringify({ duplicateRequest: seen, quoteValid: !seen, reference });
    const name = `${body.firstName ?? ''} ${body.lastName ?? ''}`.trim();
    const row = insert.get(
      key,
      seen ? 'duplicate' : declined ? 'declined' : 'approved',
      randomUUID(),
      answer,
      evaluation === null ? answer : JSON.stringify(evaluation),
      JSON.stringify(body),
      body.affiliateKey ?? null,
      body.dealerNumber ?? null,
      body.variant ?? null,
      email,
      phone,
      name.toLowerCase(),
      born,
      body.financeType === 'Secured' ? 'secured' : 'vehicle',
      reference,
      now,
      now,
      now,
    );
    person.run(row.id, 'applicant', email, phone, born, name);
    return seen;
  });
}

// One fdatasync of the WAL at a time; every answer waits for one that began after its commit.
const wal = await fs.open(`${file}-wal`, 'r+');
let running = null;
let queued = null;
function durable() {
  if (running === null) {
    running = wal.datasync().finally(() => (running = null));
    return running;
  }
  queued ??= running.then(() => {
    queued = null;
    return durable();
  });
  return queued;
}

const { $schema: _ignored, ...bodySchema } = z.toJSONSchema(submissionPayloadSchema, {
  io: 'input',
});
const app = Fastify({
  bodyLimit: 64 * 1024,
  ...(decided ? await ourRequestLog(dist) : { logger: false }),
});

/** Our server's logger and its one line a request (packages/server/src/logger.ts). */
async function ourRequestLog(serverDist) {
  const { createLogger, RequestLogController } = await import(path.join(serverDist, 'logger.js'));
  return { loggerInstance: createLogger('info'), logController: new RequestLogController() };
}
app.post(
  '/api/submission/:submissionKey',
  { schema: { body: bodySchema } },
  async (request, reply) => {
    const now = new Date();
    const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    const duplicateRequest = store(
      request.params.submissionKey,
      request.body,
      now.toISOString(),
      since,
    );
    await durable();
    return reply.code(200).send({ duplicateRequest, quoteValid: !duplicateRequest });
  },
);
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
// bench/lib/server.mjs waits for this line: it proves this process has the port.
console.log(`listening at http://127.0.0.1:${port}`);
// SIGINT too: bench/profile-submission.mjs stops its server so, and the profile is written at exit.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
