/** `GET /healthz` (liveness) and `GET /readyz` (readiness: the database answers). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseReady } from '../db/connection.js';
import type { Db } from '../db/schema.js';
import { jsonSchemaOf } from './openapi.js';

export const healthzRouteSchema = {
  summary: 'Liveness: the process answers.',
  response: {
    200: { ...jsonSchemaOf(z.object({ status: z.literal('ok') })), description: 'Alive.' },
  },
};

export const readyzRouteSchema = {
  summary: 'Readiness: the database answers and the process is not shutting down.',
  response: {
    200: { ...jsonSchemaOf(z.object({ status: z.literal('ready') })), description: 'Ready.' },
    503: {
      ...jsonSchemaOf(z.object({ status: z.enum(['unavailable', 'stopping']) })),
      description: 'The database does not answer, or the process is shutting down.',
    },
  },
};

export interface HealthRoutesOptions {
  db: Db;
  /** True from SIGTERM on (ops/shutdown.ts): load balancers stop sending new requests. */
  drain?: { readonly draining: boolean };
  /** Called when /readyz finds the database unavailable (app.ts raises an alert). */
  onDatabaseUnavailable: () => void;
}

export function registerHealthRoutes(app: FastifyInstance, options: HealthRoutesOptions): void {
  const { db } = options;
  app.get('/healthz', { schema: healthzRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: readyzRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (options.drain?.draining === true) return reply.code(503).send({ status: 'stopping' });
    if (await isDatabaseReady(db)) return { status: 'ready' };
    options.onDatabaseUnavailable();
    return reply.code(503).send({ status: 'unavailable' });
  });
}
