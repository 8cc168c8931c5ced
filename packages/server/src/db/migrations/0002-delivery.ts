import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../connection.js';

/**
 * Signed delivery (docs/decisions/0020-signed-delivery.md): one row per event and endpoint, and
 * the mark that an abandoned partial application has been delivered as a lead. Chat alerts move
 * here too (docs/decisions/0021-grouped-alerts.md): undelivered rows of alert_outbox are copied
 * over; the old table stays, unused, so nothing that reads it breaks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';

  await db.schema
    .createTable('delivery_events')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedAlwaysAsIdentity() : column.primaryKey(),
    )
    // The `webhook-id` header: the same on every attempt and every endpoint of one event.
    .addColumn('event_id', 'text', (column) => column.notNull())
    // `webhook-1`, … (DELIVERY_WEBHOOK_URL's order) or `chat` (ALERT_WEBHOOK_URL).
    .addColumn('endpoint', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    // Alerts only: how many failures the grouped alert stands for.
    .addColumn('group_count', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('dead_at', 'text')
    .addColumn('last_error', 'text')
    .addUniqueConstraint('delivery_events_event_endpoint', ['event_id', 'endpoint'])
    .execute();
  await db.schema
    .createIndex('delivery_events_due')
    .on('delivery_events')
    .columns(['next_attempt_at'])
    .where(sql<boolean>`delivered_at is null and dead_at is null`)
    .execute();
  await db.schema
    .createIndex('delivery_events_dead')
    .on('delivery_events')
    .columns(['dead_at'])
    .where(sql<boolean>`dead_at is not null`)
    .execute();

  await db.schema.alterTable('applications').addColumn('lead_event_at', 'text').execute();
  await db.schema
    .createIndex('applications_abandoned_leads')
    .on('applications')
    .columns(['updated_at'])
    .where(sql<boolean>`status = 'partial' and lead_event_at is null`)
    .execute();

  interface Legacy {
    id: number;
    created_at: string;
    alert_type: string;
    subject: string;
    name: string;
    message: string;
    next_attempt_at: string;
  }
  const legacy = await sql<Legacy>`
    select id, created_at, alert_type, subject, name, message, next_attempt_at
    from alert_outbox where delivered_at is null and attempts < 8
  `.execute(db);
  for (const row of legacy.rows) {
    const body = JSON.stringify({
      alertType: row.alert_type,
      subject: row.subject,
      name: row.name,
      message: row.message,
    });
    await sql`
      insert into delivery_events
        (event_id, endpoint, event_type, body, group_count, created_at, attempts, next_attempt_at)
      values (${`alert_legacy_${row.id}`}, 'chat', 'alert', ${body}, 1, ${row.created_at}, 0,
        ${row.next_attempt_at})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_abandoned_leads').execute();
  await db.schema.alterTable('applications').dropColumn('lead_event_at').execute();
  await db.schema.dropTable('delivery_events').execute();
}
