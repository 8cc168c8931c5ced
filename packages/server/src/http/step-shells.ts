import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { brandForHost, parseStepPath } from '@broker/domain';
import {
  hasConsentCookie,
  PRERENDERED_FOLDER,
  policyFor,
  type FirstScreenPage,
} from './first-screen.js';

/**
 * A journey step's shell per brand, with the cookie banner and without it
 * (packages/web/scripts/prerender.mjs, docs/decisions/0043-step-shells.md): the page as the app
 * renders it with every answer empty, sent for a deep link or a reload so that the browser
 * paints it before any script; the app then replaces it with the visitor's answers.
 */
export interface StepShell {
  /** For a visitor who has not answered the cookie banner. */
  banner: FirstScreenPage;
  /** For a visitor who has (a `cookie_consent` cookie). */
  consented: FirstScreenPage;
}

/** Step path → brand key → the brand's two shells. */
export type StepShells = ReadonlyMap<string, ReadonlyMap<string, StepShell>>;

const HASH = /^sha256-[A-Za-z0-9+/]{43}=$/;
const FILE = /^steps\/[a-z0-9-]+\.html$/;

function pageFrom(webRoot: string, value: unknown): FirstScreenPage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { file, styleHash, scriptHash } = value as Record<string, unknown>;
  if (typeof file !== 'string' || !FILE.test(file)) return null;
  if (typeof styleHash !== 'string' || !HASH.test(styleHash)) return null;
  if (typeof scriptHash !== 'string' || !HASH.test(scriptHash)) return null;
  if (!fs.existsSync(path.join(webRoot, PRERENDERED_FOLDER, file))) return null;
  return { file, styleHash, scriptHash };
}

/**
 * The step shells of the build's `prerendered/steps.json`; empty when the build has none (the app
 * then paints every step itself, as before). Only journey step paths are kept, and an entry that
 * is not what the build writes is left out rather than trusted.
 */
export function loadStepShells(webRoot: string): StepShells {
  const shells = new Map<string, Map<string, StepShell>>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      fs.readFileSync(path.join(webRoot, PRERENDERED_FOLDER, 'steps.json'), 'utf8'),
    );
  } catch {
    return shells;
  }
  if (typeof parsed !== 'object' || parsed === null) return shells;
  for (const [stepPath, brands] of Object.entries(parsed as Record<string, unknown>)) {
    if (parseStepPath(stepPath) === null || stepPath === '/') continue;
    if (typeof brands !== 'object' || brands === null) continue;
    const byBrand = new Map<string, StepShell>();
    for (const [brand, value] of Object.entries(brands as Record<string, unknown>)) {
      if (typeof value !== 'object' || value === null) continue;
      const { banner, consented } = value as Record<string, unknown>;
      const bannerPage = pageFrom(webRoot, banner);
      const consentedPage = pageFrom(webRoot, consented);
      if (bannerPage && consentedPage) {
        byBrand.set(brand, { banner: bannerPage, consented: consentedPage });
      }
    }
    if (byBrand.size > 0) shells.set(stepPath, byBrand);
  }
  return shells;
}

/** The shell to send for `stepPath` to this host and these cookies, or null (send index.html). */
export function stepShellFor(
  shells: StepShells,
  stepPath: string,
  host: string,
  cookieHeader: string | undefined,
): FirstScreenPage | null {
  const shell = shells.get(stepPath)?.get(brandForHost(host).affiliateKey);
  if (!shell) return null;
  return hasConsentCookie(cookieHeader) ? shell.consented : shell.banner;
}

const stepShellSchema = {
  summary: "A journey step's pre-rendered shell for the host's brand (or the app's index.html).",
  response: {
    200: {
      description: 'The page.',
      content: { 'text/html': { schema: { type: 'string' } } },
    },
  },
};

/**
 * Registers GET for every step path that has shells: the host's brand's shell with the CSP its
 * inline style and script need (`Vary: Cookie`, as for `/`). Registered after @fastify/static,
 * whose `allowedPath` must let these routes read `prerendered/` (isStepShellRoute).
 */
export function registerStepShells(
  app: FastifyInstance,
  webRoot: string,
  contentSecurityPolicy: string,
): void {
  const shells = loadStepShells(webRoot);
  for (const stepPath of shells.keys()) {
    app.get(stepPath, { schema: stepShellSchema }, (request, reply) => {
      const page = stepShellFor(shells, stepPath, request.host, request.headers.cookie);
      // Shared caches must not give one visitor's page (banner or not) to another.
      void reply.header('vary', 'Cookie');
      if (!page) return reply.sendFile('index.html');
      void reply.header('content-security-policy', policyFor(contentSecurityPolicy, page));
      return reply.sendFile(`${PRERENDERED_FOLDER}/${page.file}`);
    });
  }
}

/**
 * Whether a route (its URL pattern) sends step shells: a journey step's path, other than `/`
 * (the first screen's own route). The static files' catch-all route is `/*`, never one of these.
 */
export function isStepShellRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && routeUrl !== '/' && parseStepPath(routeUrl) !== null;
}
