import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { FEATURE_FLAGS } from '@broker/domain';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createAddressProvider } from './address/create-address-provider.js';
import type { AddressProvider } from './address/types.js';
import type { Config, TrustProxy } from './config.js';
import { isDatabaseReady } from './db/connection.js';
import type { Db } from './db/schema.js';
import { createDecider, systemClock } from './decisions/decide.js';
import type { Clock } from './decisions/decide.js';
import { DEFAULT_BACK_OFFICE_ROOT, registerBackOffice } from './http/back-office.js';
import { isDatabaseUnavailable, registerErrorHandling } from './http/errors.js';
import {
  firstScreenFor,
  loadFirstScreenPages,
  policyFor,
  PRERENDERED_FOLDER,
} from './http/first-screen.js';
import { helmetHeaders, PERMISSIONS_POLICY, securityHeaders } from './http/security.js';
import { createLogger, RequestLogController } from './logger.js';
import { createApplicationsRepository } from './repositories/applications.js';
import { createOutboxRepository } from './repositories/outbox.js';
import { registerAddressRoutes } from './routes/address.js';
import { registerClientErrorRoutes } from './routes/client-errors.js';
import { registerSubmissionRoutes, SUBMISSION_BODY_LIMIT } from './routes/submission.js';
import { registerStaffRoutes } from './staff/routes.js';
import type { SubmissionFailure } from './routes/submission.js';

/** packages/web/dist, from both src/ (tests) and dist/ (the built server). */
export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/**
 * Fastify ignores a bare hop count, so it becomes proxy-addr's hop function (Express's meaning):
 * trust the nearest n hops. Only safe when clients cannot reach the server except through them.
 */
export function fastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  logger?: Logger;
  /** The built web app; defaults to packages/web/dist. */
  webRoot?: string;
  /** Defaults to the provider the configuration selects. */
  addressProvider?: AddressProvider;
  /** The built back office; defaults to packages/back-office/dist. */
  backOfficeRoot?: string;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger: FastifyBaseLogger = options.logger ?? createLogger(config.logLevel);
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;

  const app = Fastify({
    loggerInstance: logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    logController: new RequestLogController(),
  });

  registerErrorHandling(app);
  const headers: Record<string, string> = {
    ...(await helmetHeaders(securityHeaders(config))),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // Limits are per route (config.rateLimit), keyed by request.ip and so by TRUST_PROXY.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('Too many requests'), { statusCode: context.statusCode }),
  });

  const applications = createApplicationsRepository(db);
  const decide = createDecider({
    policy: {
      minAge: config.minAge,
      maxAge: config.maxAge,
      minMonthlyIncome: config.minMonthlyIncome,
      duplicateWindowDays: config.duplicateWindowDays,
    },
    clock,
  });

  const outbox = createOutboxRepository(db);
  // Issue 3 item 6: a failed submission or partial save is queued for the chat webhook. The
  // alert names the submission key only: personal data stays out of chat.
  const onFailure = async (failure: SubmissionFailure): Promise<void> => {
    const { operation, submissionKey, error } = failure;
    app.log.error({ severity: 'FAILURE', operation, err: error }, 'submission failed');
    // The outbox is in the database that just failed. Queueing there would hold the 503 for as
    // long again (connection.ts's timeouts) and, once the database is back, put one alert per
    // refused submission ahead of the submissions in the pool's queue. The log line above is
    // the record; an outage is for monitoring of /readyz to raise.
    if (isDatabaseUnavailable(error)) return;
    await outbox.enqueue(
      {
        alertType: 'Failure',
        subject: operation === 'submission' ? 'Submission failed' : 'Partial save failed',
        name: submissionKey,
        message: alertMessage(error),
      },
      clock.now(),
    );
  };

  await registerSubmissionRoutes(app, {
    applications,
    decide,
    clock,
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
    onFailure,
  });
  registerAddressRoutes(app, {
    provider: options.addressProvider ?? createAddressProvider(config.address),
    logger: app.log,
    rateLimitPerMinute: config.rateLimits.lookupsPerMinute,
  });
  registerClientErrorRoutes(app, {
    logger: app.log,
    rateLimitPerMinute: config.rateLimits.lookupsPerMinute,
  });

  // The back office's API (docs/back-office.md).
  registerStaffRoutes(app, { db, clock, environment: config.environment });

  app.get('/api/config', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return {
      environment: config.environment,
      company: config.company,
      portal: config.portal,
      features: {
        PCAPostCodeLookup: FEATURE_FLAGS.PCAPostCodeLookup,
        RedirectToCustomerPortal: FEATURE_FLAGS.RedirectToCustomerPortal,
      },
      addressLookup: FEATURE_FLAGS.PCAPostCodeLookup,
      tagManager: config.tagManagerOrigin !== null,
    };
  });

  app.get('/healthz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (await isDatabaseReady(db)) return { status: 'ready' };
    return reply.code(503).send({ status: 'unavailable' });
  });

  await registerBackOffice(
    app,
    options.backOfficeRoot ?? DEFAULT_BACK_OFFICE_ROOT,
    config.environment,
  );
  await registerWebApp(app, webRoot, headers['content-security-policy'] ?? '');
  return app;
}

function alertMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : 'Unknown error';
  return text.slice(0, 300);
}

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The built single-page app: hashed assets cached for a year, everything else revalidated, and
 * any other GET answered with index.html so the browser's router handles deep links.
 */
async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  contentSecurityPolicy: string,
): Promise<void> {
  const built = fs.existsSync(path.join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // The pre-rendered pages are sent for `/` only, with the CSP their inline style needs.
      allowedPath: (pathname, _root, request) =>
        request.routeOptions.url === '/' || !pathname.includes(`${PRERENDERED_FOLDER}/`),
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

    // DESIGN §5: `/` is the brand's start screen as HTML, painted before any script runs.
    const pages = loadFirstScreenPages(webRoot);
    app.get('/', (request, reply) => {
      const page = firstScreenFor(pages, request.host, request.headers.cookie);
      // Shared caches must not give one visitor's page (banner or not) to another.
      void reply.header('vary', 'Cookie');
      if (!page) return reply.sendFile('index.html');
      void reply.header('content-security-policy', policyFor(contentSecurityPolicy, page));
      return reply.sendFile(`${PRERENDERED_FOLDER}/${page.file}`);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a stale chunk: index.html in its place would fail as a script.
    if (!wantsPage || isApiPath(request.url) || request.url.startsWith('/assets/')) {
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
