import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { Db } from './schema.js';
import * as initial from './migrations/0001-initial.js';
import * as delivery from './migrations/0002-delivery.js';
import * as decisions from './migrations/0003-decisions.js';
import * as portalVerification from './migrations/0004-portal-verification.js';
import * as staff from './migrations/0005-staff.js';
import * as reference from './migrations/0006-reference.js';
import * as lifecycle from './migrations/0007-lifecycle.js';
import * as funnel from './migrations/0009-funnel.js';
import * as evidence from './migrations/0008-evidence.js';
import * as search from './migrations/0010-search.js';
import * as listOnPostgres from './migrations/0011-list-on-postgres.js';
import * as peopleAndRelations from './migrations/0012-people-and-relations.js';
import * as duplicates from './migrations/0013-duplicates.js';
import * as signInAttempts from './migrations/0014-sign-in-attempts.js';
import * as disclosuresServed from './migrations/0015-disclosures-served.js';
import * as branch from './migrations/0016-branch.js';
import * as workQueue from './migrations/0018-work-queue.js';
import * as lenderSubmissions from './migrations/0019-lender-submissions.js';
import * as savedDrafts from './migrations/0020-saved-drafts.js';
import * as callbacks from './migrations/0022-callbacks.js';
import * as messages from './migrations/0024-messages.js';
import * as complaints from './migrations/0025-complaints.js';
import * as documents from './migrations/0026-documents.js';
import * as copies from './migrations/0027-copies.js';

// Listed statically so the built server needs no directory scanning and the order is explicit.
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-delivery': delivery,
  '0003-decisions': decisions,
  '0004-portal-verification': portalVerification,
  '0005-staff': staff,
  '0006-reference': reference,
  '0007-lifecycle': lifecycle,
  '0008-evidence': evidence,
  '0009-funnel': funnel,
  '0010-search': search,
  '0011-list-on-postgres': listOnPostgres,
  '0012-people-and-relations': peopleAndRelations,
  '0013-duplicates': duplicates,
  '0014-sign-in-attempts': signInAttempts,
  '0015-disclosures-served': disclosuresServed,
  '0016-branch': branch,
  '0018-work-queue': workQueue,
  '0019-lender-submissions': lenderSubmissions,
  '0020-saved-drafts': savedDrafts,
  '0022-callbacks': callbacks,
  '0024-messages': messages,
  '0025-complaints': complaints,
  '0026-documents': documents,
  '0027-copies': copies,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** Applies the migrations up to and including `name` (for tests of one migration's data). */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error !== undefined) {
    throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  }
}

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((r) => r.migrationName);
}
