import fs from 'node:fs';
import path from 'node:path';
import { brandForHost, consentFromCookies } from '@broker/domain';

/** One brand's pre-rendered start screen (packages/web/scripts/prerender.mjs). */
export interface FirstScreenPage {
  /** The file under `prerendered/` of the web build. */
  file: string;
  /** The CSP hashes of the page's one inline <style> and one inline <script>. */
  styleHash: string;
  scriptHash: string;
}

export const PRERENDERED_FOLDER = 'prerendered';
const HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;
const FILE = /^[a-z0-9-]+\.html$/;

/**
 * The pre-rendered start screens by brand key, from the build's `prerendered/pages.json`; empty
 * when the build has none (the app then paints `/` itself, as any other page). An entry that is
 * not what the build writes is left out rather than trusted.
 */
export function loadFirstScreenPages(webRoot: string): Map<string, FirstScreenPage> {
  const pages = new Map<string, FirstScreenPage>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      fs.readFileSync(path.join(webRoot, PRERENDERED_FOLDER, 'pages.json'), 'utf8'),
    );
  } catch {
    return pages;
  }
  if (typeof parsed !== 'object' || parsed === null) return pages;
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'object' || value === null) continue;
    const { file, styleHash, scriptHash } = value as Record<string, unknown>;
    if (typeof file !== 'string' || !FILE.test(file)) continue;
    if (typeof styleHash !== 'string' || !HASH.test(styleHash)) continue;
    if (typeof scriptHash !== 'string' || !HASH.test(scriptHash)) continue;
    if (!fs.existsSync(path.join(webRoot, PRERENDERED_FOLDER, file))) continue;
    pages.set(key, { file, styleHash, scriptHash });
  }
  return pages;
}

/** Whether the request carries an answer to the cookie banner (the page then differs). */
export function hasConsentCookie(cookieHeader: string | undefined): boolean {
  return consentFromCookies(cookieHeader ?? '') !== null;
}

/**
 * The page to send for `/`: the brand's pre-rendered start screen, unless the visitor has
 * answered the cookie banner (the markup has the banner; the browser app would not).
 */
export function firstScreenFor(
  pages: ReadonlyMap<string, FirstScreenPage>,
  host: string,
  cookieHeader: string | undefined,
): FirstScreenPage | null {
  if (pages.size === 0 || hasConsentCookie(cookieHeader)) return null;
  return pages.get(brandForHost(host).affiliateKey) ?? null;
}

/** The policy with one more hash allowed in a directive ('style-src', 'script-src'). */
export function allowHash(policy: string, directive: string, hash: string): string {
  const directives = policy.split(';');
  const index = directives.findIndex((entry) => entry.trim().startsWith(`${directive} `));
  if (index < 0) return policy;
  directives[index] = `${directives[index]} '${hash}'`;
  return directives.join(';');
}

/** The policy for a pre-rendered page: its inline stylesheet and boot script, nothing else. */
export function policyFor(policy: string, page: FirstScreenPage): string {
  return allowHash(allowHash(policy, 'style-src', page.styleHash), 'script-src', page.scriptHash);
}
