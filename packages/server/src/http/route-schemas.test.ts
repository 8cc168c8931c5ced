/**
 * Every route declares its schemas (docs/decisions/0041-server-routes-schemas-and-build.md): the
 * routes are collected with an `onRoute` hook as buildApp registers them, with the web app and
 * the back office built so that their routes are there too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { isZodSchema } from './openapi.js';

/** @fastify/static's own file routes: their options take no schema (only `schemaHide`). */
const STATIC_FILE_ROUTES = ['/*', '/back-office/assets/*'];
const QUERY_ROUTES = ['/api/staff/audit', '/api/staff/funnel'];

interface Route {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  validated: boolean;
}

const routes: Route[] = [];
let database: TestDatabase;
let t: TestApp;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-route-schemas-'));
  for (const app of ['web', 'back-office']) {
    fs.mkdirSync(path.join(root, app, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, app, 'index.html'), '<!doctype html><title>t</title>');
  }
  database = await openTestDatabase('sqlite', inject('postgresUrl'));
  t = await startTestApp(database, {
    webRoot: path.join(root, 'web'),
    backOfficeRoot: path.join(root, 'back-office'),
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue; // Fastify's copy of the GET, with the GET's schema.
        routes.push({
          method,
          url: route.url,
          schema: route.schema as Record<string, unknown> | undefined,
          validated: route.validatorCompiler !== undefined,
        });
      }
    },
  });
});
afterAll(async () => {
  await t.close();
  await database.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const ours = () => routes.filter((route) => !STATIC_FILE_ROUTES.includes(route.url));
const name = (route: Route) => `${route.method} ${route.url}`;

describe('route schemas', () => {
  it('sees every route: the public API, the staff API, the pages and the health checks', () => {
    expect(routes.map(name)).toEqual(
      expect.arrayContaining([
        'GET /',
        'GET /api/config',
        'GET /healthz',
        'GET /readyz',
        'POST /api/submission/:submissionKey',
        'POST /api/portal/sign-in',
        'POST /api/staff/sign-in',
        'GET /api/staff/applications/:id',
        'GET /back-office/*',
        'GET /*',
      ]),
    );
    expect(ours().length).toBeGreaterThan(35);
  });

  it('gives every route a schema with at least one described answer', () => {
    const missing = ours()
      .filter((route) => {
        const response = route.schema?.response as Record<string, unknown> | undefined;
        return response === undefined || Object.keys(response).length === 0;
      })
      .map(name);
    expect(missing).toEqual([]);
    for (const route of ours()) {
      const response = route.schema?.response as Record<string, { description?: string }>;
      for (const [status, answer] of Object.entries(response)) {
        expect(answer.description, `${name(route)} ${status}`).toEqual(expect.any(String));
      }
    }
  });

  it('declares the path parameters of every route that has some, as a zod schema it validates', () => {
    const withParams = ours().filter((route) => route.url.includes('/:'));
    expect(withParams.length).toBeGreaterThan(8);
    for (const route of withParams) {
      expect(isZodSchema(route.schema?.params), name(route)).toBe(true);
      expect(route.validated, name(route)).toBe(true);
      const shape = (route.schema?.params as { shape?: Record<string, unknown> }).shape ?? {};
      const inPath = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      expect(Object.keys(shape).sort(), name(route)).toEqual(inPath.sort());
    }
  });

  it('declares the body of every POST, as a zod schema it validates', () => {
    const posts = ours().filter((route) => route.method === 'POST');
    expect(posts.length).toBeGreaterThan(20);
    for (const route of posts) {
      expect(isZodSchema(route.schema?.body), name(route)).toBe(true);
      expect(route.validated, name(route)).toBe(true);
    }
  });

  it('declares the query string of the routes that read one', () => {
    for (const url of QUERY_ROUTES) {
      const route = ours().find((candidate) => candidate.url === url);
      expect(isZodSchema(route?.schema?.querystring), url).toBe(true);
    }
  });

  it('takes no search text in a query string: what staff type about a person goes in a POST body (decision 0052)', () => {
    for (const route of ours()) {
      const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
      const keys = Object.keys(query?.shape ?? {});
      expect(keys, name(route)).not.toContain('q');
      expect(keys, name(route)).not.toContain('email');
      expect(keys, name(route)).not.toContain('phone');
    }
    for (const url of ['/api/staff/applications/search', '/api/staff/applications/export']) {
      const route = ours().find((candidate) => candidate.url === url);
      expect(route?.method, url).toBe('POST');
      expect(Object.keys((route?.schema?.body as { shape: object }).shape), url).toContain('q');
    }
  });

  it('keeps the staff API out of the public document, while its schemas validate', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/api/staff'))).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/portal/sign-in', '/api/portal/verify-email']),
    );

    // A body the schema refuses is refused, in the route's own words, after the session check.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/staff/members',
      payload: { email: 'x' },
    });
    expect(unsigned.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { email: 'someone@example.com', password: 'x', extra: true },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual({
      error: 'invalid',
      fields: [{ path: 'email', message: 'Enter your e-mail address and password' }],
    });
  });
});
