/**
 * The staff guard runs as each route's `onRequest` hook (auth.ts createGuard, docs/security.md):
 * a refused request is answered before its body is read or parsed, so a client without a
 * session cannot make the server parse what it sends. The routes are collected with an
 * `onRoute` hook as buildApp registers them, so a route added without the guard fails here.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StaffRole } from '../db/schema.js';
import { SUBMISSION_BODY_LIMIT } from '../applications/routes.js';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { guardedRoles } from './auth.js';

/** Public by design: no session exists yet (their own hooks limit and check the origin). */
const PUBLIC_STAFF_ROUTES = [
  'POST /api/staff/sign-in',
  'POST /api/staff/sign-in/code',
  'POST /api/staff/setup/start',
  'POST /api/staff/setup/complete',
];

interface Route {
  name: string;
  onRequest: unknown[];
  preHandler: unknown[];
}

const routes: Route[] = [];
let database: TestDatabase;
let t: TestApp;

const hooks = (value: unknown): unknown[] => (value === undefined ? [] : [value].flat());

beforeAll(async () => {
  database = await openTestDatabase('sqlite', inject('postgresUrl'));
  t = await startTestApp(database, {
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/staff')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({
          name: `${method} ${route.url}`,
          onRequest: hooks(route.onRequest),
          preHandler: hooks(route.preHandler),
        });
      }
    },
  });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

describe('the staff guard as an onRequest hook', () => {
  it('guards every /api/staff route in its onRequest hooks, but sign-in and set-up', () => {
    expect(routes.length).toBeGreaterThan(40);
    const roles = new Map<string, readonly StaffRole[] | null>(
      routes.map((route) => [
        route.name,
        route.onRequest.map(guardedRoles).find((found) => found !== null) ?? null,
      ]),
    );
    const unguarded = [...roles].filter(([, found]) => found === null).map(([name]) => name);
    expect(unguarded.sort()).toEqual([...PUBLIC_STAFF_ROUTES].sort());
    // Not in a later hook either, where the body would already have been parsed.
    for (const route of routes) {
      expect(route.preHandler.map(guardedRoles).filter(Boolean), route.name).toEqual([]);
    }
    expect(roles.get('GET /api/staff/audit')).toEqual(['auditor', 'admin']);
    expect(roles.get('POST /api/staff/applications/:id/notes')).toEqual(['agent', 'admin']);
  });

  it('answers 401 to a large malformed body without a session, before the body is parsed', async () => {
    // Under the body limit, and not JSON: parsed, it would be refused with a 400.
    const body = `{"text": "${'x'.repeat(SUBMISSION_BODY_LIMIT - 1024)}`;
    const post = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/applications/1/notes',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });

    const anonymous = await post();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'unauthenticated' });

    // A role the route is not for is refused before the body too.
    const auditor = await signIn(t, await addActiveStaff(t, 'auditor'));
    const refused = await post(auditor.headers());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden' });

    // Let through, the same body is parsed, and refused as the malformed JSON it is.
    const agent = await signIn(t, await addActiveStaff(t, 'agent'));
    const parsed = await post(agent.headers());
    expect(parsed.statusCode).toBe(400);
  });
});
