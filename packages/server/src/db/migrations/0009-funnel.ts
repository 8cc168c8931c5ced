import type { Kysely } from 'kysely';

/**
 * The funnel's aggregate step counts (docs/funnel.md, decision 0035): one counter per day, brand,
 * affiliate, branch and step. Nothing else is stored: no address, no key, no time of day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('funnel_counts')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('brand', 'text', (column) => column.notNull())
    .addColumn('affiliate', 'text', (column) => column.notNull())
    .addColumn('branch', 'text', (column) => column.notNull())
    .addColumn('step', 'text', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('funnel_counts_pk', ['day', 'brand', 'affiliate', 'branch', 'step'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('funnel_counts').execute();
}
