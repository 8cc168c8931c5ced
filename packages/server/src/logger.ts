import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { LogLevel } from './config.js';

const PERSONAL_KEYS = [
  'title',
  'firstName',
  'lastName',
  'name',
  'email',
  'emailLower',
  'email_lower',
  'contactNumber',
  'phone',
  'phoneNormalised',
  'phone_normalised',
  'dateOfBirth',
  'date_of_birth',
  'postcode',
  'address',
  'addresses',
  'securityAddress',
  'JointApplicant',
  'otp',
  'body',
  'payload',
  'payloadJson',
  'payload_json',
];

/**
 * A safety net: no code logs a payload, but whatever object ends up in a log line, these keys
 * (at the top and one level down) are censored. Each path costs time on every log line.
 */
export const REDACT_PATHS = [...PERSONAL_KEYS, ...PERSONAL_KEYS.map((key) => `*.${key}`)];

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string | undefined };
}

/**
 * The request as logged: the route pattern for address lookups (their paths hold a postcode)
 * and never the query string (it carries attribution ids and sometimes an e-mail address).
 */
function serialiseRequest(request: LoggedRequest) {
  const route = request.routeOptions?.url;
  const path = request.url.split('?')[0] ?? '';
  return {
    method: request.method,
    url: route?.startsWith('/api/address') === true ? route : path,
    remoteAddress: request.ip,
  };
}

/**
 * One line per request, when it completes (Fastify's default adds an 'incoming request' line
 * too, which doubles the logging cost of every submission).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const log = reply.log as Partial<Logger>;
    const plain = plainLoggerOf(log);
    if (plain === null || log.isLevelEnabled === undefined) {
      reply.log.info(line, 'request completed');
    } else if (log.isLevelEnabled('info')) {
      // The same line as reply.log.info(line) writes, keys in the same order.
      plain.info(
        {
          reqId: request.id,
          req: serialiseRequest(request),
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    }
  }
}

/**
 * Loggers without the redaction paths, one per stream, for the request-completed line only:
 * every key of that line is ours (`serialiseRequest`, the status code, the time taken), so the
 * paths can never match it, yet checking them cost several times what writing the rest of the
 * line does (docs/performance.md, "Precompiled and prepared submission statements"). Every other
 * line, the failed request's with its error included, is redacted as before.
 */
const plainLoggers = new WeakMap<object, Logger>();

function plainLoggerOf(log: Partial<Logger>): Logger | null {
  const stream = (log as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (typeof stream !== 'object' || stream === null) return null;
  let plain = plainLoggers.get(stream);
  if (plain === undefined) {
    // The caller checks the request logger's level; this one writes whatever it is given.
    plain = pino({ level: 'trace' }, stream as DestinationStream);
    plainLoggers.set(stream, plain);
  }
  return plain;
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { req: serialiseRequest },
    },
    destination,
  );
}
