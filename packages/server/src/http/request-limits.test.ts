/**
 * A request must arrive within a deadline (a slow body is answered 408 and its connection
 * closed), and Fastify's own 400/414 answers use the API's short error format without echoing
 * the path (docs/security.md, "4. What stops abuse").
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('sqlite', inject('postgresUrl'));
});
afterAll(async () => {
  await database.close();
});

interface RawExchange {
  /** Everything the server sent before it closed the connection. */
  answer: string;
  /** Milliseconds from the last byte sent to the close. */
  closedAfterMs: number;
}

/** Sends `request` on a fresh loopback connection and waits (up to `waitMs`) for the close. */
function exchange(port: number, request: string, waitMs: number): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let answer = '';
    let sentAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${waitMs} ms; received: ${JSON.stringify(answer)}`));
    }, waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - sentAt });
    });
    socket.on('connect', () => {
      socket.write(request, () => (sentAt = Date.now()));
    });
  });
}

function bodyOf(answer: string): string {
  return answer.slice(answer.indexOf('\r\n\r\n') + 4);
}

async function listening(env: Record<string, string> = {}): Promise<{ t: TestApp; port: number }> {
  const t = await startTestApp(database, { env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { t, port: address.port };
}

describe('a request body has a deadline', () => {
  it('answers 408 and closes a connection whose body stops arriving', async () => {
    const { t, port } = await listening({ REQUEST_TIMEOUT_MS: '500' });
    try {
      const started = Date.now();
      const { answer } = await exchange(
        port,
        'POST /api/client-errors HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"message":"par',
        // Node's own default would keep it open for five minutes.
        4000,
      );
      expect(Date.now() - started).toBeLessThan(2500);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer.toLowerCase()).toContain('x-frame-options: deny\r\n');
      expect(bodyOf(answer)).toBe('{"error":"request_timeout"}');
    } finally {
      await t.close();
    }
  });

  it('defaults to 30 seconds', async () => {
    const { t } = await listening();
    try {
      expect(t.app.server.requestTimeout).toBe(30_000);
      expect(t.app.server.headersTimeout).toBe(30_000);
    } finally {
      await t.close();
    }
  });

  it('takes the longest deadline the configuration allows (10 minutes)', async () => {
    const { t } = await listening({ REQUEST_TIMEOUT_MS: '600000' });
    try {
      expect(t.app.server.requestTimeout).toBe(600_000);
      expect(t.app.server.headersTimeout).toBe(600_000);
    } finally {
      await t.close();
    }
  });

  it('answers a request that arrives in time as usual', async () => {
    const { t, port } = await listening({ REQUEST_TIMEOUT_MS: '500' });
    try {
      const body = '{"message":"x","kind":"error"}';
      const { answer } = await exchange(
        port,
        'POST /api/client-errors HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        5000,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    } finally {
      await t.close();
    }
  });
});

describe("Fastify's own errors in the short format", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a malformed path 400 bad_request without echoing it', async () => {
    const response = await t.app.inject('/api/address/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request' });
    expect(response.body).not.toContain('%E0');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers a path parameter over the length limit 414 uri_too_long without echoing it', async () => {
    const response = await t.app.inject(`/api/address/${'SECRET'.repeat(20)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 'uri_too_long' });
    expect(response.body).not.toContain('SECRET');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('answers an unparseable request 400 bad_request on the raw connection', async () => {
    const { t: served, port } = await listening();
    try {
      const { answer } = await exchange(port, 'GET /%SECRET HTTP/1.1\r\nBad Header\r\n\r\n', 5000);
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(bodyOf(answer)).toBe('{"error":"bad_request"}');
      expect(answer).not.toContain('SECRET');
    } finally {
      await served.close();
    }
  });
});
