import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';

describe('the back office at /back-office/', () => {
  let database: TestDatabase;
  let t: TestApp;
  let root: string;
  let webRoot: string;

  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-back-office-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><title>Back office</title><script type="module" src="/back-office/assets/index-abc.js"></script>',
    );
    fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log("staff");');
    fs.writeFileSync(path.join(root, 'assets', 'index-abc.js.map'), '{"sources":["staff.tsx"]}');
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log("apply");');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app.js.map'), '{"sources":["main.tsx"]}');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app.js.map.gz'), 'compressed');
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>Apply</title><script type="module" src="/assets/app.js"></script>',
    );
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
  afterEach(() => t.close());

  const STRICT =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'";

  it('serves its own page for every path under it, with its own strict CSP and no caching', async () => {
    // Even where the applicant's pages allow the tag manager, the back office does not.
    t = await startTestApp(database, {
      backOfficeRoot: root,
      webRoot,
      env: { GTM_ENABLED: 'true' },
    });
    for (const url of ['/back-office/', '/back-office/sign-in', '/back-office/applications/42']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('/back-office/assets/index-abc.js');
      expect(response.headers['content-security-policy']).toBe(STRICT);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    const bare = await t.app.inject('/back-office');
    expect(bare.statusCode).toBe(308);
    expect(bare.headers.location).toBe('/back-office/');

    // The applicant's page keeps its own policy (with the tag manager) and never names the back office.
    const applicant = await t.app.inject('/apply/anything');
    expect(applicant.body).not.toContain('back-office');
    expect(applicant.headers['content-security-policy']).toContain(
      'https://www.googletagmanager.com',
    );
  });

  it('never serves a source map of either app, though the build keeps them', async () => {
    t = await startTestApp(database, { backOfficeRoot: root, webRoot });
    expect((await t.app.inject('/assets/app.js')).statusCode).toBe(200);
    expect((await t.app.inject('/back-office/assets/index-abc.js')).statusCode).toBe(200);
    for (const url of [
      '/assets/app.js.map',
      '/assets/app.js.map.gz',
      '/assets/app.js.map?x=1',
      '/back-office/assets/index-abc.js.map',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
      expect(response.body).not.toContain('sources');
    }
    const encoded = await t.app.inject({
      url: '/assets/app.js.map',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(encoded.statusCode).toBe(404);
  });

  it('serves its hashed assets for a year, and a missing one is a 404, not a page', async () => {
    t = await startTestApp(database, { backOfficeRoot: root, webRoot });
    const asset = await t.app.inject('/back-office/assets/index-abc.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("staff");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe(STRICT);

    const missing = await t.app.inject('/back-office/assets/gone.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found' });
    // The applicant's asset folder does not reach into the back office's.
    expect((await t.app.inject('/assets/index-abc.js')).statusCode).toBe(404);
  });

  it('says so when the back office is not built', async () => {
    t = await startTestApp(database);
    const response = await t.app.inject('/back-office/');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'back_office_not_built',
      message: 'The back office is not built: run `npm run build`.',
    });
  });
});
