import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test-support/s3.js';
import type { S3Server } from '../test-support/s3.js';
import { s3DocumentStore, signS3Request } from './s3-store.js';
import { diskDocumentStore, newStorageKey } from './store.js';
import type { DocumentStore } from './store.js';

const OURS = 'd3b07384-d9a7-4c4b-9f1e-3e1a8b2c4d5e';

/** Strings that must never become a file name or an object key: only our v4 UUIDs may. */
const NOT_OUR_KEYS = [
  '../../etc/passwd',
  '../outside',
  'a/b',
  '',
  '6ba7b810-9dad-11d1-80b4-00c04fd430c8', // a v1 UUID
  'D3B07384-D9A7-4C4B-9F1E-3E1A8B2C4D5E', // upper case
  `${OURS}.bin`,
  `../${OURS}`,
  `${OURS}\n`,
  `documents/${OURS}`,
];

/** Every byte value, then random bytes: what goes in must come out unchanged. */
const BYTES = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  randomBytes(64 * 1024),
]);

interface Backing {
  store: DocumentStore;
  /** What the store holds, as its own medium lists it (the folder, or the bucket). */
  held(): Promise<string[]>;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<Backing>][] = [
  [
    'a folder on disk',
    () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-store-'));
      const folder = path.join(parent, 'documents');
      return Promise.resolve({
        store: diskDocumentStore(folder),
        held: () => {
          const inParent = fs.readdirSync(parent).filter((name) => name !== 'documents');
          const inFolder = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
          return Promise.resolve([...inParent.map((name) => `../${name}`), ...inFolder].sort());
        },
        close: () => Promise.resolve(fs.rmSync(parent, { recursive: true, force: true })),
      });
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const server = await startS3Server();
      return {
        store: s3DocumentStore(server.options()),
        held: () => server.keys(),
        close: () => server.close(),
      };
    },
  ],
];

describe.each(implementations)('document store: %s', (_name, open) => {
  let backing: Backing;
  beforeAll(async () => {
    backing = await open();
  });
  afterAll(async () => {
    await backing.close();
  });

  it('gives back exactly the bytes put under a key', async () => {
    const key = newStorageKey();
    await backing.store.put(key, BYTES);
    const back = await backing.store.get(key);
    expect(back?.length).toBe(BYTES.length);
    expect(back?.equals(BYTES)).toBe(true);
    await backing.store.delete(key);
  });

  it('answers null for a key never stored', async () => {
    expect(await backing.store.get(newStorageKey())).toBeNull();
  });

  it('deletes a file, and deleting it again is not an error', async () => {
    const key = newStorageKey();
    const other = newStorageKey();
    await backing.store.put(key, Buffer.from('%PDF-1.4 one'));
    await backing.store.put(other, Buffer.from('%PDF-1.4 two'));
    await backing.store.delete(key);
    expect(await backing.store.get(key)).toBeNull();
    await expect(backing.store.delete(key)).resolves.toBeUndefined();
    await expect(backing.store.delete(newStorageKey())).resolves.toBeUndefined();
    expect(await backing.store.get(other)).toEqual(Buffer.from('%PDF-1.4 two'));
    await backing.store.delete(other);
    expect(await backing.held()).toEqual([]);
  });

  it('refuses a key that is not one of ours before it reaches the store', async () => {
    for (const key of NOT_OUR_KEYS) {
      await expect(backing.store.put(key, Buffer.from('x'))).rejects.toThrow(
        'Not a document storage key',
      );
      await expect(backing.store.get(key)).rejects.toThrow('Not a document storage key');
      await expect(backing.store.delete(key)).rejects.toThrow('Not a document storage key');
    }
    expect(await backing.held()).toEqual([]);
  });
});

describe('document store: a folder on disk never replaces a file', () => {
  it('refuses a second write under the same key and keeps the first', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-store-'));
    try {
      const store = diskDocumentStore(folder);
      const key = newStorageKey();
      await store.put(key, Buffer.from('first'));
      await expect(store.put(key, Buffer.from('second'))).rejects.toThrow(/EEXIST/);
      expect(await store.get(key)).toEqual(Buffer.from('first'));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('document store: an S3-compatible bucket (s3rver, signatures checked)', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps objects under the configured prefix, with server-side encryption asked for', async () => {
    const store = s3DocumentStore(
      server.options({ prefix: 'documents/2026/', serverSideEncryption: true }),
    );
    const key = newStorageKey();
    await store.put(key, Buffer.from('%PDF-1.4 prefixed'));
    expect(await server.keys()).toEqual([`documents/2026/${key}`]);
    expect(await store.get(key)).toEqual(Buffer.from('%PDF-1.4 prefixed'));
    await store.delete(key);
    expect(await server.keys()).toEqual([]);
  });

  it('a wrong secret is refused with the service’s reason, and no message holds the secret', async () => {
    const secret = 'Wrong-Secret-6f1c9a2b7d';
    const store = s3DocumentStore(server.options({ secretAccessKey: secret }));
    const key = newStorageKey();
    const failures: string[] = [];
    for (const call of [
      () => store.put(key, Buffer.from('%PDF-1.4 private bytes')),
      () => store.get(key),
      () => store.delete(key),
    ]) {
      const error = await call().then(
        () => null,
        (reason: unknown) => reason as Error,
      );
      expect(error).toBeInstanceOf(Error);
      failures.push(error!.message, String(error!.stack));
    }
    expect(failures[0]).toBe(
      `Document storage: put on bucket ${server.bucket} at ${server.endpoint} answered 403 SignatureDoesNotMatch`,
    );
    expect(failures[2]).toContain('get on');
    expect(failures[2]).toContain('403 SignatureDoesNotMatch');
    expect(failures[4]).toContain('delete on');
    expect(failures[4]).toContain('403 SignatureDoesNotMatch');
    for (const text of failures) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('private bytes');
    }
    expect(await server.keys()).toEqual([]);
  });

  it('a bucket that does not exist is an error, never “no file” or “deleted”', async () => {
    const store = s3DocumentStore(server.options({ bucket: 'no-such-bucket' }));
    for (const call of [
      () => store.get(newStorageKey()),
      () => store.delete(newStorageKey()),
      () => store.put(newStorageKey(), Buffer.from('%PDF-1.4')),
    ]) {
      await expect(call()).rejects.toThrow(
        `bucket no-such-bucket at ${server.endpoint} answered 404 NoSuchBucket`,
      );
    }
  });

  it('an unknown access key is refused as such', async () => {
    const store = s3DocumentStore(server.options({ accessKeyId: 'NOT-A-KEY' }));
    await expect(store.get(newStorageKey())).rejects.toThrow('answered 403 InvalidAccessKeyId');
  });
});

describe('the Signature Version 4 signer', () => {
  // AWS's worked examples ("Signature Calculations for the Authorization Header", Amazon S3 API
  // reference): their example key pair, bucket and instant, and the signatures AWS gives.
  const example = {
    endpoint: 'https://examplebucket.s3.amazonaws.com',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };
  const now = new Date('2013-05-24T00:00:00Z');
  const signatureOf = (authorization: string | undefined) =>
    /Signature=([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];

  it('signs AWS’s GET Object example as AWS does', () => {
    const signed = signS3Request(example, {
      method: 'GET',
      path: '/test.txt',
      headers: { range: 'bytes=0-9' },
      now,
    });
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs AWS’s PUT Object example (a body, an encoded path) as AWS does', () => {
    const signed = signS3Request(example, {
      method: 'PUT',
      path: '/test$file.text',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      body: Buffer.from('Welcome to Amazon S3.'),
      now,
    });
    expect(signed.url).toBe('https://examplebucket.s3.amazonaws.com/test%24file.text');
    expect(signatureOf(signed.headers.authorization)).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('signs AWS’s list example (a query string) as AWS does', () => {
    const signed = signS3Request(example, {
      method: 'GET',
      path: '/',
      query: { prefix: 'J', 'max-keys': '2' },
      now,
    });
    expect(signed.url).toBe('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J');
    expect(signatureOf(signed.headers.authorization)).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });
});

/**
 * Answers an S3 service gives that s3rver does not: a conditional write refused (412), and no
 * answer at all. A plain HTTP server that records each request and answers as told.
 */
describe('document store: an S3 service’s refusals and silences', () => {
  let server: http.Server;
  let endpoint: string;
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  let answer: 'precondition-failed' | 'redirect' | 'never' = 'precondition-failed';
  const held: http.ServerResponse[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers });
        if (answer === 'never') {
          held.push(response);
          return;
        }
        if (answer === 'redirect') {
          response.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' });
          response.end(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>TemporaryRedirect</Code><Message>Please re-send this request to the specified temporary endpoint.</Message></Error>',
          );
          return;
        }
        response.writeHead(412, { 'content-type': 'application/xml' });
        response.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>',
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const response of held) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const options = (timeoutMs = 5000) => ({
    endpoint,
    bucket: 'documents',
    region: 'eu-west-2',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'Recorded-Secret-9d8c7b6a',
    prefix: 'files/',
    serverSideEncryption: true,
    timeoutMs,
  });

  it('asks never to replace an object and to encrypt it, both signed; a taken key is refused', async () => {
    seen.length = 0;
    answer = 'precondition-failed';
    const key = newStorageKey();
    await expect(
      s3DocumentStore(options()).put(key, Buffer.from('%PDF-1.4 bytes')),
    ).rejects.toThrow(
      `Document storage: put on bucket documents at ${endpoint} answered 412 PreconditionFailed`,
    );
    expect(seen).toHaveLength(1);
    const [put] = seen;
    expect(put!.method).toBe('PUT');
    expect(put!.url).toBe(`/documents/files/${key}`);
    expect(put!.headers['if-none-match']).toBe('*');
    expect(put!.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(put!.headers.authorization).toMatch(
      /SignedHeaders=content-type;host;if-none-match;x-amz-content-sha256;x-amz-date;x-amz-server-side-encryption,/,
    );
    expect(put!.headers.authorization).not.toContain('Recorded-Secret');
  });

  it('a key that is not ours sends no request at all', async () => {
    seen.length = 0;
    const store = s3DocumentStore(options());
    for (const key of NOT_OUR_KEYS) {
      await expect(store.get(key)).rejects.toThrow('Not a document storage key');
    }
    expect(seen).toEqual([]);
  });

  it('reports a redirect and does not send the signed request elsewhere', async () => {
    seen.length = 0;
    answer = 'redirect';
    await expect(s3DocumentStore(options()).get(newStorageKey())).rejects.toThrow(
      `Document storage: get on bucket documents at ${endpoint} answered 307 TemporaryRedirect`,
    );
    expect(seen).toHaveLength(1);
  });

  it('gives up on a service that does not answer, after the time-out', async () => {
    answer = 'never';
    const store = s3DocumentStore(options(300));
    await expect(store.get(newStorageKey())).rejects.toThrow(
      `Document storage: get on bucket documents at ${endpoint}: no answer within 300 ms`,
    );
  });
});
