import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { s3DocumentStore } from './s3-store.js';

/**
 * Where uploaded documents' bytes are kept (docs/documents.md, decision 0096): outside the web
 * root, under a random key (a v4 UUID), never under the applicant's file name. The database
 * row holds the key; erasure and retention delete the file once the row is gone.
 *
 * Two implementations: a folder on disk (`DOCUMENTS_DIR`) and an S3-compatible bucket
 * (`DOCUMENTS_S3_*`, s3-store.ts); `documentStoreFor` is the one place that chooses
 * (docs/documents.md, "Storage").
 */
export interface DocumentStore {
  kind: 'disk' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes; null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function newStorageKey(): string {
  return randomUUID();
}

/** A key is only ever one of ours: nothing else reaches the file system or the bucket. */
export function checkedStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Not a document storage key');
  return key;
}

/** A folder on disk, created (0700) at the first write; files are written 0600, never replaced. */
export function diskDocumentStore(directory: string): DocumentStore {
  const root = path.resolve(directory);
  const where = (key: string) => path.join(root, `${checkedStorageKey(key)}.bin`);
  return {
    kind: 'disk',
    async put(key, bytes) {
      await fs.mkdir(root, { recursive: true, mode: 0o700 });
      await fs.writeFile(where(key), bytes, { mode: 0o600, flag: 'wx' });
    },
    async get(key) {
      try {
        return await fs.readFile(where(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(where(key), { force: true });
    },
  };
}

/** The store the configuration names: the bucket when `DOCUMENTS_S3_*` is set, else the folder. */
export function documentStoreFor(
  config: Pick<Config, 'documentsDir' | 'documentsS3'>,
): DocumentStore {
  return config.documentsS3 === null
    ? diskDocumentStore(config.documentsDir)
    : s3DocumentStore(config.documentsS3);
}

/** Deletes the files of rows that are gone; a failure is reported, the others still go. */
export async function deleteStoredFiles(
  store: DocumentStore | undefined,
  keys: readonly string[],
): Promise<void> {
  if (store === undefined) return;
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
