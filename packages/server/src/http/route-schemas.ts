/**
 * Schemas of the routes app.ts declares itself, for the OpenAPI document (http/openapi.ts) and
 * Fastify's serialiser. Loose objects: a field added to an answer is sent (and should be
 * documented here), never silently dropped.
 */
import { z } from 'zod';
import { jsonSchemaOf } from './openapi.js';

const companySchema = z.looseObject({
  name: z.string(),
  number: z.string(),
  fcaNumber: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  icoNumber: z.string(),
});

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

export const healthzRouteSchema = {
  summary: 'Liveness: the process answers.',
  response: {
    200: { ...jsonSchemaOf(z.object({ status: z.literal('ok') })), description: 'Alive.' },
  },
};

export const readyzRouteSchema = {
  summary: 'Readiness: the database answers.',
  response: {
    200: { ...jsonSchemaOf(z.object({ status: z.literal('ready') })), description: 'Ready.' },
    503: {
      ...jsonSchemaOf(z.object({ status: z.literal('unavailable') })),
      description: 'The database does not answer.',
    },
  },
};
