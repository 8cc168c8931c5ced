import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const CLIENT_ERRORS: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: 'malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: 'malformed_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, error: 'bad_request' },
};

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // PostgreSQL: statement timeout (connection.ts), shutting down, cannot connect now, too many
  // connections.
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
  'SQLITE_READONLY',
]);

const UNAVAILABLE_MESSAGES = [
  'driver has already been destroyed',
  'the database connection is not open',
  'connection terminated',
  'timeout exceeded when trying to connect',
  'cannot use a pool after calling end',
  'client has encountered a connection error',
  // pg's query_timeout (connection.ts): no answer from the server in time.
  'query read timeout',
];

/** True for an error that means the database cannot be reached now (503, worth a retry). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception.
    if (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith('SQLITE_IOERR')) return true;
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const message = error.message.toLowerCase();
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/**
 * Every error answers JSON and none shows a stack or an internal message: bad input gets its
 * 4xx, an unreachable database 503 `unavailable`, anything else 500 `internal_error`.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = CLIENT_ERRORS[error.code];
    if (known !== undefined) {
      return reply.code(known.status).send({ error: known.error });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ error: 'rate_limited' });
    }
    if (error.validation !== undefined) {
      return reply.code(400).send({
        error: 'invalid_request',
        fields: error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'Invalid',
        })),
      });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: status === 404 ? 'not_found' : 'bad_request' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ error: 'unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error' });
  });
}

/**
 * Fastify's own answers to a request no route sees (a malformed percent-encoding, a path
 * parameter over the length limit): the short format of the other errors, not Fastify's default
 * body, which echoes the path back. These never reach the onRequest hook, so the caller passes
 * the headers every answer carries (docs/security.md).
 */
export function frameworkErrorHandler(
  headers: Readonly<Record<string, string>>,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const status = error.statusCode ?? 500;
    const body =
      status === 414
        ? { error: 'uri_too_long' }
        : status >= 400 && status < 500
          ? { error: 'bad_request' }
          : { error: 'internal_error' };
    if (status >= 500) request.log.error({ err: error }, 'framework error');
    void reply
      .code(body.error === 'internal_error' ? 500 : status)
      .headers(headers)
      .send(body);
  };
}

const CONNECTION_ERRORS: Record<string, { status: number; error: string }> = {
  // Node's requestTimeout: the headers and body did not arrive in time (config.ts).
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'request_timeout' },
  HPE_HEADER_OVERFLOW: { status: 431, error: 'headers_too_large' },
};

/**
 * Node's 'clientError' (an unparseable request, a request that took too long to arrive): the
 * short error format on the raw socket, then the connection is closed. Replaces Fastify's
 * default, whose bodies differ from every other error of the API.
 */
export function clientErrorHandler(
  headers: Readonly<Record<string, string>>,
): (error: Error & { code?: string }, socket: Socket) => void {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const known = (error.code === undefined ? undefined : CONNECTION_ERRORS[error.code]) ?? {
      status: 400,
      error: 'bad_request',
    };
    const body = JSON.stringify({ error: known.error });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${known.status} ${http.STATUS_CODES[known.status] ?? ''}\r\n` +
          `content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n${extra}\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
