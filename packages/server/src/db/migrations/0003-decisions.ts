import type { Kysely } from 'kysely';

/**
 * The lender panel's evaluation of each decided application (docs/decisions/0022-lender-panel.md):
 * the broker policy's refusals, every lender's match or reasons, the risk tier and the quote, as
 * JSON, so staff see the same reasons the decision used. Null for partial applications,
 * duplicates and applications decided before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('decision_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('decision_json').execute();
}
