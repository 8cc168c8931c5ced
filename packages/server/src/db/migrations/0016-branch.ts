import type { Kysely } from 'kysely';
import { applicationBranch } from '@broker/domain';

/**
 * docs/decisions/0065-one-summary-and-the-branch-column.md: the branch an application is on
 * (vehicle, secured or joint), stored with it as the domain's one rule (`applicationBranch`)
 * decides it, so that the back office's list shows and filters it by an indexed column rather
 * than by reading each row's payload. Rows stored before are filled in by the same rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('branch', 'text').execute();
  const untyped = db as Kysely<{
    applications: { id: number; payload_json: string; branch: string | null };
  }>;
  let after = 0;
  for (;;) {
    const rows = await untyped
      .selectFrom('applications')
      .select(['id', 'payload_json'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await untyped
        .updateTable('applications')
        .set({ branch: applicationBranch(answersOf(row.payload_json)) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows.at(-1)!.id;
  }
  await db.schema
    .createIndex('applications_by_branch')
    .on('applications')
    .columns(['branch', 'id'])
    .execute();
}

function answersOf(payloadJson: string): {
  loanPurposeType: string | null;
  isJointApplication: boolean | null;
} {
  try {
    const payload = JSON.parse(payloadJson) as Record<string, unknown>;
    return {
      loanPurposeType: typeof payload.loanPurposeType === 'string' ? payload.loanPurposeType : null,
      isJointApplication: payload.isJointApplication === true,
    };
  } catch {
    return { loanPurposeType: null, isJointApplication: null };
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_by_branch').execute();
  await db.schema.alterTable('applications').dropColumn('branch').execute();
}
