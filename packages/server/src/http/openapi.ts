/**
 * The OpenAPI 3.1 document of the public API, served at `/api/openapi.json` and generated from
 * the routes' own schemas (decision 0019): a route declares its params and body as zod schemas,
 * which validate the request (zodValidation below) and are turned into JSON Schema for the
 * document; its responses as JSON Schema made from zod (jsonSchemaOf), which Fastify also uses
 * to serialise them.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/openapi.json';

/** Paths of the public API; anything else the server answers (the web app) stays out. */
export function isPublicApiPath(url: string): boolean {
  // The staff API serves the back office only, behind a session (docs/back-office.md).
  if (url === '/api/staff' || url.startsWith('/api/staff/')) return false;
  return url === '/healthz' || url === '/readyz' || url === '/api' || url.startsWith('/api/');
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * A zod schema as JSON Schema, without `$schema`. `output` (the default) describes what the
 * server sends, `input` what a client may send (before defaults and transforms).
 */
export function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output' = 'output',
): Record<string, unknown> {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io });
  return jsonSchema;
}

export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * A request part that failed its zod schema. `fields` is the `{ path, message }` list of the
 * API's 400 bodies; `validation` is what Fastify's error handling reads (http/errors.ts).
 */
export class SchemaValidationError extends Error {
  readonly statusCode = 400;
  readonly fields: FieldProblem[];
  readonly validation: { instancePath: string; message: string }[];

  constructor(error: z.ZodError) {
    super('Invalid request');
    this.name = 'SchemaValidationError';
    this.fields = error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    this.validation = error.issues.map((issue) => ({
      instancePath: issue.path.map((part) => `/${String(part)}`).join(''),
      message: issue.message,
    }));
  }
}

/**
 * For a route with `attachValidation`: the `{ path, message }` problems of a request part that
 * failed its zod schema, none when it passed. Any other validation error is thrown, so a broken
 * validator never lets an unchecked body through.
 */
export function validationProblems(error: Error | undefined): FieldProblem[] {
  if (error === undefined) return [];
  if (error instanceof SchemaValidationError) return error.fields;
  throw error;
}

const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url }) => {
  if (!isZodSchema(schema)) {
    throw new Error(`${method} ${url}: with zodValidation, params and body must be zod schemas`);
  }
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: new SchemaValidationError(result.error) };
  };
};

/**
 * Route options for zod schemas in `params`, `querystring` and `body`: the parsed value replaces
 * the request's. A failure answers 400 `invalid_request` through http/errors.ts, unless the route
 * sets `attachValidation: true` and answers in its own format (request.validationError).
 */
export const zodValidation = { validatorCompiler: zodValidatorCompiler } as const;

/** `{ error }`: every error answer of the API (http/errors.ts). */
export const errorBodySchema = z
  .object({ error: z.string().describe('A short code, e.g. `payload_too_large`.') })
  .describe('An error.');

/** A 400 answer: a short code and, for invalid input, the fields at fault. */
export const fieldErrorsBodySchema = z
  .object({
    error: z.string().describe('`invalid_payload`, `invalid_request`, `malformed_json`…'),
    fields: z
      .array(
        z.object({
          path: z.string().describe('The field, dot-separated (`addresses.0.postcode`).'),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .describe('Bad input.');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input.',
  408: 'The request did not arrive in time.',
  413: 'The body is over the limit.',
  414: 'A path parameter is over the length limit.',
  415: 'Not JSON.',
  429: 'Too many requests from this address.',
  500: 'An unexpected error.',
  503: 'The database cannot be reached; retry after the Retry-After seconds.',
};

/** Response schemas (`{ error }`) for these status codes. */
export function errorResponses(...statuses: number[]): Record<number, Record<string, unknown>> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { ...jsonSchemaOf(errorBodySchema), description: ERROR_DESCRIPTIONS[status] ?? 'An error.' },
    ]),
  );
}

/** JSON Schemas of a route's zod parts, for the document. */
function documentedSchema(schema: FastifySchema | undefined): FastifySchema {
  const converted: Record<string, unknown> = { ...schema };
  for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
    const value = schema?.[part];
    if (isZodSchema(value)) converted[part] = jsonSchemaOf(value, 'input');
  }
  if (schema !== undefined && typeof schema.response === 'object' && schema.response !== null) {
    converted.response = Object.fromEntries(
      Object.entries(schema.response).map(([status, value]) => [
        status,
        isZodSchema(value) ? jsonSchemaOf(value) : value,
      ]),
    );
  }
  return converted;
}

/**
 * The document's `webhooks` (OpenAPI 3.1): one entry per event name, a POST of the event's JSON
 * to the receiver's URL. Pass the record to registerOpenApi.
 */
export function openApiWebhooks(events: Record<string, z.ZodType>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(events).map(([name, schema]) => [
      name,
      {
        post: {
          operationId: `webhook.${name}`,
          summary: `The ${name} event, sent to the receiver's URL.`,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(schema) } },
          },
          responses: {
            '2XX': { description: 'Received. Any other answer, or none, is retried.' },
          },
        },
      },
    ]),
  );
}

export interface OpenApiOptions {
  /** Webhook events the server sends: event name → the zod schema of its JSON body. */
  webhooks?: Record<string, z.ZodType>;
}

/**
 * Collects every route registered after it into the document and serves the document at
 * OPENAPI_PATH. Register it before the routes.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: OpenApiOptions = {},
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Online finance application API',
        version: '1.0.0',
        description:
          'Submissions, partial saves (leads), address lookups, browser error reports and the ' +
          'health checks. Every error answers JSON `{ "error": code }`; invalid input adds ' +
          '`fields`.',
      },
      ...(options.webhooks === undefined ? {} : { webhooks: openApiWebhooks(options.webhooks) }),
    },
    transform: ({ schema, url }) => {
      const documented = documentedSchema(schema);
      if (isPublicApiPath(url)) return { schema: documented, url };
      return { schema: { ...documented, hide: true }, url };
    },
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document (OpenAPI 3.1).',
        response: {
          200: {
            type: 'object',
            additionalProperties: true,
            description: 'The OpenAPI document.',
          },
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return app.swagger();
    },
  );
}
