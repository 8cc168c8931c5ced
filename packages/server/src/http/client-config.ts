/**
 * `GET /api/config`: what the browser needs to know of the server's configuration (the
 * broker's details, portal pages, feature flags), with the schema that documents and
 * serialises it.
 */
import { COMPANY_KEYS, FEATURE_FLAGS } from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import { jsonSchemaOf } from './openapi.js';

const companySchema = z.looseObject(
  Object.fromEntries(COMPANY_KEYS.map((key) => [key, z.string()])) as Record<
    (typeof COMPANY_KEYS)[number],
    z.ZodString
  >,
);

// A loose object: a field added to the answer is sent (and should be documented here), never
// silently dropped by the serialiser.
export const publicConfigSchema = z
  .looseObject({
    environment: z.enum(['local', 'development', 'uat', 'production']),
    company: companySchema,
    portal: z.looseObject({ thankYouUrl: z.string(), welcomeBackUrl: z.string() }),
    features: z.record(z.string(), z.boolean()),
    addressLookup: z.boolean(),
    tagManager: z.boolean(),
  })
  .describe("What the browser needs to know of the server's configuration.");

export const configRouteSchema = {
  summary: "The broker's details, portal pages and feature flags for the browser.",
  response: { 200: { ...jsonSchemaOf(publicConfigSchema), description: 'The configuration.' } },
};

export function registerConfigRoutes(app: FastifyInstance, config: Config): void {
  app.get('/api/config', { schema: configRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return {
      environment: config.environment,
      // '' is the page's own origin (docs/decisions/0012-affiliate-host-and-api-base-from-configuration.md).
      apiBase: config.publicApiBase ?? '',
      company: config.company,
      portal: config.portal,
      features: {
        PCAPostCodeLookup: FEATURE_FLAGS.PCAPostCodeLookup,
        RedirectToCustomerPortal: FEATURE_FLAGS.RedirectToCustomerPortal,
      },
      addressLookup: FEATURE_FLAGS.PCAPostCodeLookup,
      tagManager: config.tagManagerOrigin !== null,
    };
  });
}
