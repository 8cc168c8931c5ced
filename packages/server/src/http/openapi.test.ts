/**
 * The OpenAPI 3.1 document at /api/openapi.json is generated from the routes'
 * schemas, is a valid OpenAPI document and covers every route of the public API (decision 0019).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validPayload } from '../test-support/fixtures.js';
import { OPENAPI_PATH, registerOpenApi, zodValidation } from './openapi.js';

interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: object }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
}

async function validate(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const validator = new Validator();
  return validator.validate(document as Record<string, unknown>);
}

/** Every method and path Fastify has registered, read from its own route table. */
function registeredRoutes(t: TestApp): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  // printRoutes draws a tree: a route under another is printed as the rest of its path, indented.
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[└├]── (\/\S*)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (match === null) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const path = (depth > 0 ? (parents[depth - 1] ?? '') : '') + segment;
    parents[depth] = path;
    parents.length = depth + 1;
    if (methods === undefined) continue;
    for (const method of methods.split(', ')) routes.push({ method, path });
  }
  return routes;
}

/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

let database: TestDatabase;
let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  database = await openTestDatabase('sqlite', inject('postgresUrl'));
  t = await startTestApp(database);
  const response = await t.app.inject(OPENAPI_PATH);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  document = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
  await database.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // The validator does refuse a broken document.
    const { info: _info, ...withoutInfo } = document as unknown as Record<string, unknown>;
    expect((await validate(withoutInfo)).valid).toBe(false);
  });

  it('covers every route registered under /api and the health checks, and nothing else', () => {
    const routes = registeredRoutes(t).filter(
      ({ method, path }) =>
        method !== 'HEAD' &&
        !path.startsWith('/api/staff/') &&
        (path.startsWith('/api/') || ['/healthz', '/readyz'].includes(path)),
    );
    // The back office's own API is not part of the public document.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/staff'))).toEqual([]);
    // At least the public API as docs/ describes it, so that a route lost from the table fails too.
    expect(routes.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/address/:postcode',
        'GET /api/address/id/:addressId',
        'GET /api/config',
        'GET /api/openapi.json',
        'GET /healthz',
        'GET /readyz',
        'POST /api/client-errors',
        'POST /api/funnel',
        'POST /api/submission/:submissionKey',
        'POST /api/submission/partial/:submissionKey',
      ]),
    );
    for (const { method, path } of routes) {
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(
        0,
      );
    }
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      routes.map(({ method, path }) => `${method} ${openApiPath(path)}`).sort(),
    );
  });

  it('describes the submission from the same schema that validates it', async () => {
    const operation = document.paths['/api/submission/{submissionKey}']?.post;
    const body = operation?.requestBody?.content['application/json']?.schema;
    expect(body).toMatchObject({ type: 'object', additionalProperties: false });
    expect(body?.required).toEqual(expect.arrayContaining(['termsAndConditionsAgreed', 'email']));
    expect(operation?.parameters).toEqual([
      expect.objectContaining({
        name: 'submissionKey',
        in: 'path',
        required: true,
        // A v4 UUID (decision 0050).
        schema: expect.objectContaining({
          pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
        }) as unknown,
      }),
    ]);
    const answer = operation?.responses['200']?.content?.['application/json']?.schema;
    expect(answer?.required).toEqual([
      'duplicateRequest',
      'declineReason',
      'quoteValid',
      'quoteProcessed',
    ]);
    expect(Object.keys(answer?.properties ?? {})).toEqual(
      expect.arrayContaining(['applicationId', 'otp', 'accountStatus']),
    );
    const invalid = operation?.responses['400']?.content?.['application/json']?.schema;
    expect(invalid).toMatchObject({ properties: { fields: { type: 'array' } } });

    // What the document says is required is what the route refuses without.
    const { termsAndConditionsAgreed: _dropped, ...payload } = validPayload();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_payload',
      fields: [
        {
          path: 'termsAndConditionsAgreed',
          message: 'Please check this box.',
        },
      ],
    });
  });

  it('documents the error answers in the short format', () => {
    const operation = document.paths['/api/address/id/{addressId}']?.get;
    for (const status of ['400', '414', '429']) {
      expect(operation?.responses[status]?.content?.['application/json']?.schema).toMatchObject({
        type: 'object',
        properties: { error: { type: 'string' } },
        required: ['error'],
      });
    }
    expect(document.paths['/readyz']?.get?.responses['503']).toBeDefined();
  });
});

describe('webhooks in the document', () => {
  it("describes the events the broker's receivers get (docs/delivery.md)", async () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([
      'application.decided',
      'lead.abandoned',
    ]);
    for (const [name, operations] of Object.entries(document.webhooks ?? {})) {
      const schema = operations.post?.requestBody?.content['application/json']?.schema;
      expect(schema, name).toMatchObject({ type: 'object' });
    }
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
  });

  it('adds one POST per event from a record of name → zod schema, and stays valid', async () => {
    const app = Fastify();
    try {
      await registerOpenApi(app, {
        webhooks: {
          'application.decided': z.object({
            id: z.string(),
            type: z.literal('application.decided'),
            data: z.object({ applicationId: z.uuid(), outcome: z.enum(['approved', 'declined']) }),
          }),
        },
      });
      app.post(
        '/api/example/:id',
        {
          ...zodValidation,
          schema: {
            params: z.object({ id: z.string() }),
            body: z.object({ n: z.number() }),
            response: { 204: { type: 'null', description: 'Done.' } },
          },
        },
        async (_request, reply) => reply.code(204).send(),
      );
      const document = (await app.inject(OPENAPI_PATH)).json<OpenApiDocument>();
      const event = document.webhooks?.['application.decided']?.post;
      expect(event?.requestBody?.content['application/json']?.schema).toMatchObject({
        type: 'object',
        properties: { type: { const: 'application.decided' } },
      });
      expect(event?.responses['2XX']).toBeDefined();
      expect(document.paths['/api/example/{id}']?.post).toBeDefined();
      const result = await validate(document);
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);

      // The same zod body schema validates: a wrong body answers 400 (the default format).
      const refused = await app.inject({ method: 'POST', url: '/api/example/1', payload: {} });
      expect(refused.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
