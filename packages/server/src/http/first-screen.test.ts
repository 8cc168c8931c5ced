import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allowHash,
  firstScreenFor,
  hasConsentCookie,
  loadFirstScreenPages,
  policyFor,
} from './first-screen.js';

const HASH = `sha256-${'b'.repeat(43)}=`;
const SCRIPT = `sha256-${'c'.repeat(43)}=`;
let root: string | null = null;

function webRootWith(pages: unknown, files: string[] = []): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-first-screen-'));
  fs.mkdirSync(path.join(root, 'prerendered'));
  for (const file of files) fs.writeFileSync(path.join(root, 'prerendered', file), '<html>');
  if (pages !== undefined) {
    const text = typeof pages === 'string' ? pages : JSON.stringify(pages);
    fs.writeFileSync(path.join(root, 'prerendered', 'pages.json'), text);
  }
  return root;
}

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = null;
});

describe('loadFirstScreenPages', () => {
  it('reads each brand’s page and style hash', () => {
    const pages = loadFirstScreenPages(
      webRootWith({ default: { file: 'default.html', styleHash: HASH, scriptHash: SCRIPT } }, [
        'default.html',
      ]),
    );
    expect([...pages]).toEqual([
      ['default', { file: 'default.html', styleHash: HASH, scriptHash: SCRIPT }],
    ]);
  });

  it('is empty without a build, or with a pages.json that is not JSON or not an object', () => {
    expect(loadFirstScreenPages(path.join(os.tmpdir(), 'no-such-web-root')).size).toBe(0);
    expect(loadFirstScreenPages(webRootWith('{not json')).size).toBe(0);
    expect(loadFirstScreenPages(webRootWith('null')).size).toBe(0);
  });

  it('leaves out entries that are not what the build writes', () => {
    const pages = loadFirstScreenPages(
      webRootWith(
        {
          good: { file: 'good.html', styleHash: HASH, scriptHash: SCRIPT },
          missingFile: { file: 'gone.html', styleHash: HASH, scriptHash: SCRIPT },
          traversal: { file: '../../etc/passwd', styleHash: HASH, scriptHash: SCRIPT },
          badHash: { file: 'good.html', styleHash: "sha256-x' 'unsafe-inline", scriptHash: SCRIPT },
          noScriptHash: { file: 'good.html', styleHash: HASH },
          notObject: 'good.html',
        },
        ['good.html'],
      ),
    );
    expect([...pages.keys()]).toEqual(['good']);
  });
});

describe('hasConsentCookie', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['cookie_consent=accepted', true],
    ['other=1; cookie_consent=rejected', true],
    ['cookie_consent=', false],
    ['cookie_consent=yes', false],
    ['my_cookie_consent=accepted', false],
  ])('%j → %s', (header, expected) => {
    expect(hasConsentCookie(header)).toBe(expected);
  });
});

describe('firstScreenFor', () => {
  const pages = new Map([
    ['default', { file: 'default.html', styleHash: HASH, scriptHash: SCRIPT }],
    ['scoreright', { file: 'scoreright.html', styleHash: HASH, scriptHash: SCRIPT }],
  ]);

  it('picks the page by the brand of the host', () => {
    expect(firstScreenFor(pages, 'scoreright.example.com', undefined)?.file).toBe(
      'scoreright.html',
    );
    expect(firstScreenFor(pages, 'apply.example.com:8443', undefined)?.file).toBe('default.html');
  });

  it('has none once the banner is answered, for a brand without a page, or without pages', () => {
    expect(firstScreenFor(pages, 'localhost', 'cookie_consent=accepted')).toBeNull();
    expect(firstScreenFor(pages, 'bureauplus.example.com', undefined)).toBeNull();
    expect(firstScreenFor(new Map(), 'localhost', undefined)).toBeNull();
  });
});

describe('allowHash and policyFor', () => {
  it('adds a hash to the one directive', () => {
    expect(allowHash("default-src 'self';style-src 'self';img-src 'self'", 'style-src', HASH)).toBe(
      `default-src 'self';style-src 'self' '${HASH}';img-src 'self'`,
    );
  });

  it('leaves a policy without the directive as it is', () => {
    expect(allowHash("default-src 'self'", 'style-src', HASH)).toBe("default-src 'self'");
  });

  it("allows a page's inline style and script by their hashes only", () => {
    const page = { file: 'default.html', styleHash: HASH, scriptHash: SCRIPT };
    expect(policyFor("script-src 'self';style-src 'self';img-src 'self'", page)).toBe(
      `script-src 'self' '${SCRIPT}';style-src 'self' '${HASH}';img-src 'self'`,
    );
  });
});
