import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../config.js';
import { z } from 'zod';
import { jsonSchemaOf } from './openapi.js';
import { isSourceMap } from './web-app.js';

/** The back office's pages: HTML for the browser, outside the API's document. */
const pageSchema = {
  summary: "The back office's page (its own router shows the path).",
  response: {
    200: {
      description: 'index.html of the back office.',
      content: { 'text/html': { schema: { type: 'string' } } },
    },
    503: {
      ...jsonSchemaOf(z.object({ error: z.literal('back_office_not_built'), message: z.string() })),
      description: 'The back office is not built.',
    },
  },
};

/** packages/back-office/dist, from both src/ (tests) and dist/ (the built server). */
export const DEFAULT_BACK_OFFICE_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../back-office/dist',
);

/**
 * The staff app's own Content-Security-Policy (decision 0028): its own scripts and the API
 * only, never the tag manager the applicant's pages may load, no base URI, no framing.
 */
export function backOfficeContentSecurityPolicy(environment: Environment): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ...(environment === 'local' ? [] : ['upgrade-insecure-requests']),
  ].join('; ');
}

/**
 * The back office at /back-office/: its hashed assets, and its index.html for every other path
 * under it (the app's own router). An encapsulated plugin, so its headers and its 404 apply to
 * /back-office/ only and the applicant's app is untouched.
 */
export async function registerBackOffice(
  app: FastifyInstance,
  root: string,
  environment: Environment,
): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const index = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  const policy = backOfficeContentSecurityPolicy(environment);

  app.get(
    '/back-office',
    {
      schema: {
        summary: 'The back office lives at /back-office/.',
        response: { 308: { type: 'null', description: 'To /back-office/.' } },
      },
    },
    (_request, reply) => reply.redirect('/back-office/', 308),
  );

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', (_request, reply, done) => {
        void reply.headers({
          'content-security-policy': policy,
          'referrer-policy': 'no-referrer',
          'x-robots-tag': 'noindex, nofollow',
        });
        done();
      });
      if (index !== null) {
        await scope.register(fastifyStatic, {
          root: path.join(root, 'assets'),
          prefix: '/assets/',
          decorateReply: false,
          cacheControl: false,
          allowedPath: (pathname) => !isSourceMap(pathname),
          setHeaders: (reply) => {
            void reply.header('cache-control', 'public, max-age=31536000, immutable');
          },
        });
      }
      const page = async (_request: FastifyRequest, reply: FastifyReply) => {
        void reply.header('cache-control', 'no-store');
        if (index === null) {
          return reply.code(503).send({
            error: 'back_office_not_built',
            message: 'The back office is not built: run `npm run build`.',
          });
        }
        return reply.type('text/html; charset=utf-8').send(index);
      };
      scope.get('/', { prefixTrailingSlash: 'slash', schema: pageSchema }, page);
      scope.get('/*', { schema: pageSchema }, page);
      scope.setNotFoundHandler(async (_request, reply) =>
        reply.code(404).send({ error: 'not_found' }),
      );
    },
    { prefix: '/back-office' },
  );
}
