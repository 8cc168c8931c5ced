import type { FastifyContextConfig } from 'fastify';
import type {} from '@fastify/rate-limit';

/** Per-route config for @fastify/rate-limit registered with `global: false`; 0 turns it off. */
export function perMinuteRateLimit(requestsPerMinute: number): FastifyContextConfig {
  return requestsPerMinute > 0
    ? { rateLimit: { max: requestsPerMinute, timeWindow: '1 minute' } }
    : {};
}
