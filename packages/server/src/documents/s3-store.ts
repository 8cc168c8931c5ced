import { createHash, createHmac } from 'node:crypto';
import { checkedStorageKey } from './store.js';
import type { DocumentStore } from './store.js';

/**
 * Documents kept in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2): the same three
 * calls as the folder on disk, over HTTP signed with AWS Signature Version 4, written by hand
 * with node:crypto (docs/decisions/0099-s3-document-storage.md). Path-style URLs
 * (`<endpoint>/<bucket>/<prefix><key>`), which every S3-compatible server understands.
 */
export interface S3StoreOptions {
  /** The service's origin, e.g. https://s3.eu-west-2.amazonaws.com; no path. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key, e.g. `documents/`; '' for none. */
  prefix: string;
  /** Ask the service to encrypt each object at rest (`x-amz-server-side-encryption: AES256`). */
  serverSideEncryption: boolean;
  /** Each request, body included, must finish within this. */
  timeoutMs: number;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** RFC 3986 unreserved characters stay; everything else is %XX (SigV4's UriEncode). */
function uriEncode(value: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replaceAll('%2F', '/') : encoded;
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

export interface SignedRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * Signs one request (SigV4, service `s3`): the canonical request of method, path, query,
 * the headers given plus host, x-amz-date and x-amz-content-sha256, all signed.
 */
export function signS3Request(
  options: Pick<S3StoreOptions, 'endpoint' | 'region' | 'accessKeyId' | 'secretAccessKey'>,
  request: {
    method: string;
    /** Unencoded, starting with `/`, e.g. `/bucket/documents/<uuid>`. */
    path: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: Buffer;
    now?: Date;
  },
): SignedRequest {
  const endpoint = new URL(options.endpoint);
  const amzDate = (request.now ?? new Date()).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash =
    request.body === undefined
      ? EMPTY_SHA256
      : createHash('sha256').update(request.body).digest('hex');

  const headers: Record<string, string> = {
    host: endpoint.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  }
  const names = Object.keys(headers).sort();
  const canonicalPath = uriEncode(request.path, true);
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');

  const canonicalRequest = [
    request.method,
    canonicalPath,
    query,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${options.region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), options.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');

  const base = endpoint.origin;
  return {
    url: `${base}${canonicalPath}${query === '' ? '' : `?${query}`}`,
    headers: {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    },
  };
}

/**
 * An error that says which call failed and what the service answered (its status and S3 error
 * code), and nothing else: never the secret, the signature or the object's bytes.
 */
export class S3StoreError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'S3StoreError';
  }
}

/** S3's error body is XML; only its <Code> is kept (the rest may echo the string signed). */
async function errorCode(response: Response): Promise<string | null> {
  try {
    const text = await response.text();
    return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * A 404 for the object, not for the bucket: a wrong or deleted bucket (NoSuchBucket) must not
 * read as "no file", nor let an erasure report its files deleted.
 */
function isMissingObject(response: Response, code: string | null): boolean {
  return response.status === 404 && code !== 'NoSuchBucket';
}

export function s3DocumentStore(options: S3StoreOptions): DocumentStore {
  const where = `bucket ${options.bucket} at ${new URL(options.endpoint).origin}`;

  async function send(
    action: 'put' | 'get' | 'delete',
    method: string,
    key: string,
    extra: { headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<Response> {
    const signed = signS3Request(options, {
      method,
      path: `/${options.bucket}/${options.prefix}${checkedStorageKey(key)}`,
      ...extra,
    });
    // fetch sets Host itself, from the same URL.
    const headers = { ...signed.headers };
    delete headers.host;
    try {
      return await fetch(signed.url, {
        method,
        headers,
        ...(extra.body !== undefined && { body: extra.body }),
        signal: AbortSignal.timeout(options.timeoutMs),
        // A redirect (a wrong region, a moved bucket) is reported, not followed elsewhere.
        redirect: 'manual',
      });
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      const why =
        name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : typeof cause === 'string'
            ? cause
            : 'the request failed';
      throw new S3StoreError(`Document storage: ${action} on ${where}: ${why}`, null, null);
    }
  }

  function failure(action: string, response: Response, code: string | null): S3StoreError {
    return new S3StoreError(
      `Document storage: ${action} on ${where} answered ${response.status}${code === null ? '' : ` ${code}`}`,
      response.status,
      code,
    );
  }

  return {
    kind: 's3',
    async put(key, bytes) {
      const response = await send('put', 'PUT', key, {
        body: bytes,
        headers: {
          'content-type': 'application/octet-stream',
          // Never replace an object: S3, MinIO and R2 answer 412 when the key is taken.
          'if-none-match': '*',
          ...(options.serverSideEncryption && { 'x-amz-server-side-encryption': 'AES256' }),
        },
      });
      if (!response.ok) throw failure('put', response, await errorCode(response));
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('get', 'GET', key);
      if (!response.ok) {
        const code = await errorCode(response);
        if (isMissingObject(response, code)) return null;
        throw failure('get', response, code);
      }
      try {
        return Buffer.from(await response.arrayBuffer());
      } catch {
        throw new S3StoreError(
          `Document storage: get on ${where}: the body was cut off or took over ${options.timeoutMs} ms`,
          response.status,
          null,
        );
      }
    },
    async delete(key) {
      const response = await send('delete', 'DELETE', key);
      // S3 answers 204 whether or not the object was there; others may say 404.
      if (!response.ok) {
        const code = await errorCode(response);
        if (!isMissingObject(response, code)) throw failure('delete', response, code);
        return;
      }
      await response.body?.cancel();
    },
  };
}
