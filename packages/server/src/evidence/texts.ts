import { createHash } from 'node:crypto';
import { DISCLOSURE_TEXT_IDS, DISCLOSURE_VERSIONS } from '@broker/domain';
import type { Db } from '../db/schema.js';
import { DISCLOSURE_TEXTS, type DisclosureText } from './texts.generated.js';

/** Shipped words that contradict a stored version, or their own hash: never started past. */
export class DisclosureTextMismatch extends Error {}

export const sha256Hex = (body: string): string =>
  createHash('sha256').update(body, 'utf8').digest('hex');

/**
 * Stores every shipped version of each disclosed text that the database does not have yet
 * (docs/evidence.md). A stored version is never changed: when the build ships other words
 * under a version already stored, this throws and the server does not start, since evidence that
 * no longer matches what applicants were shown is worse than none.
 */
export async function storeDisclosureTexts(
  db: Db,
  now: Date,
  texts: readonly DisclosureText[] = DISCLOSURE_TEXTS,
): Promise<number> {
  for (const entry of texts) {
    if (sha256Hex(entry.body) !== entry.sha256) {
      throw new Error(
        `Disclosure text ${entry.text} v${entry.version}: its SHA-256 does not match`,
      );
    }
  }
  for (const id of DISCLOSURE_TEXT_IDS) {
    for (const version of DISCLOSURE_VERSIONS[id]) {
      if (!texts.some((entry) => entry.text === id && entry.version === version)) {
        throw new DisclosureTextMismatch(`Disclosure text ${id} v${version} is not in the build`);
      }
    }
  }
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('disclosure_texts')
      .select(['text_id', 'version', 'sha256'])
      .execute();
    let added = 0;
    for (const entry of texts) {
      const existing = stored.find(
        (row) => row.text_id === entry.text && Number(row.version) === entry.version,
      );
      if (existing) {
        if (existing.sha256 !== entry.sha256) {
          throw new DisclosureTextMismatch(
            `Disclosure text ${entry.text} v${entry.version} differs from the stored version: ` +
              'a new wording needs a new version (docs/evidence.md)',
          );
        }
        continue;
      }
      await trx
        .insertInto('disclosure_texts')
        .values({
          text_id: entry.text,
          version: entry.version,
          sha256: entry.sha256,
          body: entry.body,
          stored_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['text_id', 'version']).doNothing())
        .execute();
      added += 1;
    }
    return added;
  });
}
