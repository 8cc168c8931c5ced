import { erasureConfirmation } from '@broker/domain';
import type { Db } from '../db/schema.js';

/**
 * What an admin types to confirm erasing these applications (decision 0082), read from the
 * database as the erasure route reads it: the newest reference, or the word when none has one.
 */
export async function confirmationOf(db: Db, ids: readonly number[]): Promise<string> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('applications')
          .select(['id', 'reference', 'created_at'])
          .where('id', 'in', [...ids])
          .execute();
  return erasureConfirmation(
    rows.map((row) => ({ id: row.id, reference: row.reference, createdAt: row.created_at })),
  );
}
