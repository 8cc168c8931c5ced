import type { FastifyError, FastifyInstance } from 'fastify';

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
