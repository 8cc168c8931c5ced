import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { isStepShellRoute, loadStepShells, stepShellFor } from './step-shells.js';

const STRICT_CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";
const STYLE = `sha256-${'A'.repeat(42)}Q=`;
const SCRIPT = `sha256-${'B'.repeat(42)}Q=`;

const page = (file: string) => ({ file, styleHash: STYLE, scriptHash: SCRIPT });

let webRoot: string;

/** A web build with index.html and a shell per brand and banner state for /contact. */
function writeBuild(root: string, steps: unknown): void {
  fs.mkdirSync(path.join(root, 'prerendered', 'steps'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Apply</title>');
  for (const brand of ['default', 'progressive']) {
    for (const variant of ['', '-consented']) {
      fs.writeFileSync(
        path.join(root, 'prerendered', 'steps', `${brand}-contact${variant}.html`),
        `<!doctype html><title>Contact</title><div id="root" data-prerendered="${brand}" data-shell-path="/contact" data-variant="${variant || 'banner'}"></div>`,
      );
    }
  }
  fs.writeFileSync(
    path.join(root, 'prerendered', 'steps.json'),
    typeof steps === 'string' ? steps : JSON.stringify(steps),
  );
}

const CONTACT = {
  '/contact': {
    default: {
      banner: page('steps/default-contact.html'),
      consented: page('steps/default-contact-consented.html'),
    },
    progressive: {
      banner: page('steps/progressive-contact.html'),
      consented: page('steps/progressive-contact-consented.html'),
    },
  },
};

beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-step-shells-'));
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

describe('loadStepShells', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-step-shells-load-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads each step’s shells by brand', () => {
    writeBuild(root, CONTACT);
    const shells = loadStepShells(root);
    expect([...shells.keys()]).toEqual(['/contact']);
    expect(stepShellFor(shells, '/contact', 'progressive.example.co.uk', undefined)).toEqual(
      page('steps/progressive-contact.html'),
    );
    expect(stepShellFor(shells, '/contact', 'localhost', 'cookie_consent=accepted')).toEqual(
      page('steps/default-contact-consented.html'),
    );
    expect(stepShellFor(shells, '/personal', 'localhost', undefined)).toBeNull();
  });

  it('is empty without a build, or with a steps.json that is not JSON or not an object', () => {
    expect(loadStepShells(path.join(os.tmpdir(), 'no-such-web-root')).size).toBe(0);
    writeBuild(root, '{not json');
    expect(loadStepShells(root).size).toBe(0);
    writeBuild(root, 'null');
    expect(loadStepShells(root).size).toBe(0);
  });

  it('leaves out paths that are not journey steps and entries that are not what the build writes', () => {
    const good = CONTACT['/contact'].default;
    writeBuild(root, {
      '/contact': {
        default: good,
        missingFile: { ...good, banner: page('steps/gone.html') },
        traversal: { ...good, banner: page('../../etc/passwd') },
        badHash: { ...good, consented: { ...good.consented, styleHash: "x' 'unsafe-inline" } },
        onlyOne: { banner: good.banner },
      },
      '/': { default: good },
      '/api/config': { default: good },
      '/back-office/': { default: good },
    });
    const shells = loadStepShells(root);
    expect([...shells.keys()]).toEqual(['/contact']);
    expect([...shells.get('/contact')!.keys()]).toEqual(['default']);
  });
});

describe('isStepShellRoute', () => {
  it.each([
    ['/contact', true],
    ['/address/:n', false],
    ['/address/1', true],
    ['/', false],
    ['/*', false],
    ['/api/config', false],
    [undefined, false],
  ])('%s → %s', (url, expected) => {
    expect(isStepShellRoute(url)).toBe(expected);
  });
});

describe('the step shells’ routes (docs/decisions/0043-step-shells.md)', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
    writeBuild(webRoot, CONTACT);
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(async () => {
    await t.close();
  });

  it("sends a step's path as the host's brand's shell, with its hashes added to the CSP", async () => {
    t = await startTestApp(database, { webRoot });
    for (const [host, brand] of [
      ['localhost:3000', 'default'],
      ['progressive.example.co.uk', 'progressive'],
    ] as const) {
      const response = await t.app.inject({ url: '/contact?utm_source=ad', headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`data-prerendered="${brand}" data-shell-path="/contact"`);
      expect(response.body).toContain('data-variant="banner"');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/\bCookie\b/);
      expect(response.headers['content-security-policy']).toBe(
        STRICT_CSP.replace("style-src 'self'", `style-src 'self' '${STYLE}'`).replace(
          "script-src 'self'",
          `script-src 'self' '${SCRIPT}'`,
        ),
      );
    }
  });

  it('sends the shell without the banner once the banner is answered', async () => {
    t = await startTestApp(database, { webRoot });
    const response = await t.app.inject({
      url: '/contact',
      headers: { cookie: 'cookie_consent=rejected' },
    });
    expect(response.body).toContain('data-variant="-consented"');
  });

  it('never serves the shells under their own paths; steps without a shell stay index.html', async () => {
    t = await startTestApp(database, { webRoot });
    for (const url of [
      '/prerendered/steps/default-contact.html',
      '/prerendered/steps.json',
      '/personal',
      '/contact/',
    ]) {
      const response = await t.app.inject(url);
      expect(response.body, url).toContain('<title>Apply</title>');
      expect(response.headers['content-security-policy']).toBe(STRICT_CSP);
    }
  });
});
