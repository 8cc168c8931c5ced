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
import {
  ABANDONED_LEAD_EVENT,
  abandonedLeadEventSchema,
  applicationDecidedEventSchema,
  DECIDED_EVENT,
} from './delivery/events.js';
import { createDelivery } from './delivery/worker.js';
import type { Delivery } from './delivery/worker.js';
import { DEFAULT_BACK_OFFICE_ROOT, registerBackOffice } from './http/back-office.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  isDatabaseUnavailable,
  registerErrorHandling,
} from './http/errors.js';
import {
  firstScreenFor,
  loadFirstScreenPages,
  policyFor,
  PRERENDERED_FOLDER,
} from './http/first-screen.js';
import { helmetHeaders, PERMISSIONS_POLICY, securityHeaders } from './http/security.js';
import { registerOpenApi } from './http/openapi.js';
import { configRouteSchema, healthzRouteSchema, readyzRouteSchema } from './http/route-schemas.js';
import { createLogger, RequestLogController } from './logger.js';
import { createApplicationsRepository } from './repositories/applications.js';
import { createCodeHasher } from './portal/codes.js';
import { registerPortalRoutes } from './portal/routes.js';
import { registerAddressRoutes } from './routes/address.js';
import { registerClientErrorRoutes } from './routes/client-errors.js';
import { registerFunnelRoutes } from './routes/funnel.js';
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
  /** Signed delivery and alerts; by default one polling every second, stopped with the app. */
  delivery?: Delivery;
  /** The built back office; defaults to packages/back-office/dist. */
  backOfficeRoot?: string;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger: FastifyBaseLogger = options.logger ?? createLogger(config.logLevel);
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;

  const headers: Record<string, string> = {
    ...(await helmetHeaders(securityHeaders(config))),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    logController: new RequestLogController(),
    // A request (headers and body) must arrive within the deadline, else 408 and the
    // connection closes (docs/security.md). Node checks every connection on an interval, and
    // ignores requestTimeout while headersTimeout (default 60 s) is the longer of the two.
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node refuses a headersTimeout over its own requestTimeout (5 minutes unless given here).
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });

  registerErrorHandling(app);
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

  // Before the routes: it documents each route as it is registered (decision 0019).
  await registerOpenApi(app, {
    // What the broker's receivers get (docs/delivery.md); chat alerts are Slack's format.
    webhooks: {
      [DECIDED_EVENT]: applicationDecidedEventSchema,
      [ABANDONED_LEAD_EVENT]: abandonedLeadEventSchema,
    },
  });

  // docs/decisions/0020-signed-delivery.md: events are written in the submission's transaction
  // and sent by this worker, off the request path.
  const delivery = options.delivery ?? createDelivery({ db, config, clock, logger: app.log });
  if (options.delivery === undefined) app.addHook('onClose', () => delivery.stop());
  const applications = createApplicationsRepository(db, {
    decidedEvents: (decided) => delivery.decidedEvents(decided),
  });
  const codes = createCodeHasher(config.portalCodeSecret);
  const decide = createDecider({
    policy: {
      minAge: config.minAge,
      maxAge: config.maxAge,
      minMonthlyIncome: config.minMonthlyIncome,
      duplicateWindowDays: config.duplicateWindowDays,
    },
    panel: config.lenderPanel,
    quoteValidDays: config.quoteValidDays,
    clock,
    codes,
  });

  // A failed submission or partial save raises a grouped chat alert (one per kind per 5 minutes,
  // docs/decisions/0021-grouped-alerts.md). It names the submission key only: personal data
  // stays out of chat.
  const onFailure = async (failure: SubmissionFailure): Promise<void> => {
    const { operation, submissionKey, error } = failure;
    app.log.error({ severity: 'FAILURE', operation, err: error }, 'submission failed');
    // The database that just failed cannot hold the alert (queueing there would hold the 503
    // as long again): it waits in memory and goes straight to the chat webhook if need be.
    if (isDatabaseUnavailable(error)) {
      delivery.holdAlert(databaseAlert(`${operation} answered 503 (${errorCode(error)})`));
      return;
    }
    await delivery.alert({
      kind: operation,
      subject: operation === 'submission' ? 'Submission failed' : 'Partial save failed',
      name: submissionKey,
      detail: alertMessage(error),
    });
  };

  await registerSubmissionRoutes(app, {
    applications,
    decide,
    clock,
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
    onFailure,
  });
  registerPortalRoutes(app, {
    db,
    codes,
    clock,
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
  });
  registerAddressRoutes(app, {
    provider: options.addressProvider ?? createAddressProvider(config.address),
    logger: app.log,
    rateLimitPerMinute: config.rateLimits.lookupsPerMinute,
  });
  registerFunnelRoutes(app, {
    db,
    clock,
    rateLimitPerMinute: config.rateLimits.lookupsPerMinute,
  });
  registerClientErrorRoutes(app, {
    logger: app.log,
    rateLimitPerMinute: config.rateLimits.lookupsPerMinute,
    onFailureReport: (report) =>
      delivery.alert({
        kind: `browser_${report.operation}_${report.name}`,
        subject:
          report.operation === 'submitApplication'
            ? 'Submission failed in the browser'
            : 'Partial save failed in the browser',
        name: `${report.operation} ${report.name}`,
        detail: `reported by the browser as ${report.name}`,
      }),
  });

  // The back office's API (docs/back-office.md).
  registerStaffRoutes(app, { db, clock, environment: config.environment });

  app.get('/api/config', { schema: configRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return {
      environment: config.environment,
      // '' is the page's own origin (docs/decisions/0012-affiliate-host-and-api-base-from-configuration.md).
      apiBase: config.publicApiBase ?? '',
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

  app.get('/healthz', { schema: healthzRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: readyzRouteSchema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (await isDatabaseReady(db)) return { status: 'ready' };
    delivery.holdAlert(databaseAlert('the readiness check (/readyz) could not query it'));
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

function databaseAlert(detail: string) {
  return { kind: 'database', subject: 'Database unavailable', name: 'database', detail };
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown';
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

    // docs/design.md §5: `/` is the brand's start screen as HTML, painted before any script runs.
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
