import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import AWSAccount from '@20minutes/s3rver/lib/models/account.js';
import { signS3Request } from '../documents/s3-store.js';
import type { S3StoreOptions } from '../documents/s3-store.js';
import { freePort } from './ports.js';

/** A key pair given to s3rver's one account; s3rver checks every request's SigV4 signature. */
export const S3_ACCESS_KEY_ID = 'BROKERTESTKEY';
export const S3_SECRET_ACCESS_KEY = 'broker/Test+Secret/Access-Key0123456789ab';
AWSAccount.DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY);

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  /** The store's options for this bucket (no prefix, no encryption, 5 s time-out). */
  options(extra?: Partial<S3StoreOptions>): S3StoreOptions;
  /** DOCUMENTS_S3_* for loadConfig, pointing at this bucket. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** The bucket's object keys, listed by the S3 API (ListObjectsV2), sorted. */
  keys(): Promise<string[]>;
  /** Every file under the server's directory, relative, sorted. */
  files(): string[];
  close(): Promise<void>;
}

/**
 * A real S3-compatible HTTP server (s3rver: path-style requests, SigV4 checked, objects kept as
 * files) on a free loopback port with a bucket in a temporary directory.
 */
export async function startS3Server(bucket = 'broker-documents'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: await freePort(),
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const options = (extra: Partial<S3StoreOptions> = {}): S3StoreOptions => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    prefix: '',
    serverSideEncryption: false,
    timeoutMs: 5000,
    ...extra,
  });
  return {
    endpoint,
    bucket,
    directory,
    options,
    env: (extra = {}) => ({
      DOCUMENTS_S3_ENDPOINT: endpoint,
      DOCUMENTS_S3_BUCKET: bucket,
      DOCUMENTS_S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
      DOCUMENTS_S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
      ...extra,
    }),
    async keys() {
      const signed = signS3Request(options(), {
        method: 'GET',
        path: `/${bucket}`,
        query: { 'list-type': '2' },
      });
      const headers = { ...signed.headers };
      delete headers.host;
      const response = await fetch(signed.url, { headers });
      if (!response.ok) throw new Error(`listing the bucket answered ${response.status}`);
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!).sort();
    },
    files() {
      return (fs.readdirSync(directory, { recursive: true }) as string[])
        .filter((name) => fs.statSync(path.join(directory, name)).isFile())
        .sort();
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
