import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isStepShellRoute, registerStepShells } from './step-shells.js';
import {
  firstScreenFor,
  loadFirstScreenPages,
  policyFor,
  PRERENDERED_FOLDER,
} from './first-screen.js';

/** packages/web/dist, from both src/ (tests) and dist/ (the built server). */
export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** `/`: a page for the browser, outside the API's document. */
const firstScreenSchema = {
  summary: "The brand's start screen, pre-rendered (or the app's index.html).",
  response: {
    200: {
      description: 'The page.',
      content: { 'text/html': { schema: { type: 'string' } } },
    },
  },
};

/**
 * The build keeps its source maps (the bench reads them from disk), but they are never served:
 * they would hand anyone the app's whole source (docs/security.md).
 */
export function isSourceMap(pathname: string): boolean {
  return /\.map(?:\.(?:br|gz))?$/i.test(pathname.split('?')[0] ?? '');
}

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The built single-page app: hashed assets cached for a year, everything else revalidated, and
 * any other GET answered with index.html so the browser's router handles deep links.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  contentSecurityPolicy: string,
): Promise<void> {
  const built = fs.existsSync(path.join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // The pre-rendered pages are sent for `/` only, with the CSP their inline style needs.
      // The pre-rendered pages are sent for `/` and the step shells' routes only, with the CSP
      // their inline style and script need.
      allowedPath: (pathname, _root, request) =>
        !isSourceMap(pathname) &&
        (request.routeOptions.url === '/' ||
          isStepShellRoute(request.routeOptions.url) ||
          !pathname.includes(`${PRERENDERED_FOLDER}/`)),
      // The web build writes .br and .gz copies of its text assets (scripts/precompress.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(webRoot, filePath).split(path.sep).join('/');
        void reply.header(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });

    // docs/design.md §5: `/` is the brand's start screen as HTML, painted before any script runs.
    const pages = loadFirstScreenPages(webRoot);
    app.get('/', { schema: firstScreenSchema }, (request, reply) => {
      const page = firstScreenFor(pages, request.host, request.headers.cookie);
      // Shared caches must not give one visitor's page (banner or not) to another.
      void reply.header('vary', 'Cookie');
      if (!page) return reply.sendFile('index.html');
      void reply.header('content-security-policy', policyFor(contentSecurityPolicy, page));
      return reply.sendFile(`${PRERENDERED_FOLDER}/${page.file}`);
    });
    // A deep link or reload of a step: its shell, painted before any script (decision 0043).
    registerStepShells(app, webRoot, contentSecurityPolicy);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a stale chunk: index.html in its place would fail as a script.
    if (
      !wantsPage ||
      isApiPath(request.url) ||
      request.url.startsWith('/assets/') ||
      isSourceMap(request.url)
    ) {
      return reply.code(404).send({ error: 'not_found' });
    }
    if (!built) {
      return reply.code(503).send({
        error: 'web_app_not_built',
        message: 'The web app is not built: run `npm run build`.',
      });
    }
    return reply.sendFile('index.html');
  });
}
