import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type {} from '@fastify/rate-limit';

/** Per-route config for @fastify/rate-limit registered with `global: false`; 0 turns it off. */
export function perMinuteRateLimit(requestsPerMinute: number): FastifyContextConfig {
  return requestsPerMinute > 0
    ? { rateLimit: { max: requestsPerMinute, timeWindow: '1 minute' } }
    : {};
}

/**
 * How many applications' allowances one address gets on a submission route (decision record
 * 0016): an office or a mobile network behind one proxy address sends many people's
 * applications, while a single address that rotates keys is still held to a ceiling.
 */
export const APPLICATIONS_PER_ADDRESS = 10;

function submissionKeyOf(request: FastifyRequest): string {
  const params = request.params as { submissionKey?: unknown } | undefined;
  return typeof params?.submissionKey === 'string' ? params.submissionKey : '';
}

/**
 * The submission routes' limit (decision record 0016): `requestsPerMinute` per application key
 * from an address, and `APPLICATIONS_PER_ADDRESS` times that per address across its keys.
 * Both answer 429 with Retry-After. Call once per route: each call counts on its own.
 */
export function perApplicationRateLimit(
  app: FastifyInstance,
  requestsPerMinute: number,
): { config: FastifyContextConfig; onRequest?: onRequestAsyncHookHandler } {
  if (requestsPerMinute <= 0) return { config: {} };
  const perAddress = app.createRateLimit({
    max: requestsPerMinute * APPLICATIONS_PER_ADDRESS,
    timeWindow: '1 minute',
  });
  return {
    config: {
      rateLimit: {
        max: requestsPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request) => `${request.ip}|${submissionKeyOf(request)}`,
      },
    },
    // Runs before the per-key limit and counts every request from the address, including one
    // its key's limit then refuses: hammering one key uses up the address's allowance too.
    onRequest: async (request, reply) => {
      const limit = await perAddress(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      void reply.header('retry-after', String(limit.ttlInSeconds));
      throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
    },
  };
}
