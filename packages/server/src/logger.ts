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
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
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
