import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { createAddressProvider } from './address/create-address-provider.js';
import type { AddressProvider } from './address/types.js';
import type { Config, TrustProxy } from './config.js';
import type { Db } from './db/schema.js';
import {
  createDecider,
  createPanelEvaluator,
  panelOptionsOf,
  systemClock,
} from './applications/decide.js';
import type { Clock } from './applications/decide.js';
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
import { helmetHeaders, PERMISSIONS_POLICY, securityHeaders } from './http/security.js';
import { registerOpenApi } from './http/openapi.js';
import { DEFAULT_WEB_ROOT, registerWebApp } from './http/web-app.js';
import { createLogger, RequestLogController } from './logger.js';
import { NO_METRICS } from './ops/metrics.js';
import type { Metrics } from './ops/metrics.js';
import type { DrainState } from './ops/shutdown.js';
import { onSignInRefused } from './staff/sign-in-events.js';
import { createApplicationsRepository } from './applications/repository.js';
import { createCodeHasher } from './portal/codes.js';
import { registerDisclosureReceiptRoutes } from './evidence/served.js';
import { registerPortalRoutes } from './portal/routes.js';
import { registerSavedRoutes } from './saved/routes.js';
import { registerAddressRoutes } from './address/routes.js';
import { registerClientErrorRoutes } from './http/client-errors.js';
import { registerConfigRoutes } from './http/client-config.js';
import { registerFunnelRoutes } from './funnel/routes.js';
import { registerHealthRoutes } from './http/health.js';
import { registerHelpRoutes } from './help/routes.js';
import { registerCopyRoutes } from './copy/routes.js';
import { registerSubmissionRoutes, SUBMISSION_BODY_LIMIT } from './applications/routes.js';
import { registerStaffRoutes } from './staff/routes.js';
import { sharedHashPool } from './staff/hash-pool.js';
import type { HashPool } from './staff/hash-pool.js';
import { devMailboxTransport, smtpTransport } from './portal/mail.js';
import { documentStoreFor } from './documents/store.js';
import type { MailTransport } from './portal/mail.js';
import type { SubmissionFailure } from './applications/routes.js';

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
  /** Told of every route as it is registered (tests check each declares its schemas). */
  onRoute?: (route: RouteOptions) => void;
  /** Where staff password hashes run; defaults to the process's pool (staff/hash-pool.ts). */
  hashPool?: HashPool;
  /** How staff are e-mailed (a lock); defaults to SMTP_URL, else the development mailbox. */
  mailTransport?: MailTransport;
  /** Counters and the request histogram (ops/metrics.ts); none by default. */
  metrics?: Metrics;
  /** Set by the shutdown (ops/shutdown.ts): readiness 503 and `Connection: close` from then on. */
  drain?: DrainState;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics, or a set that records nothing (ops/metrics.ts). */
    metrics: Metrics;
  }
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
    // The onRequest hook below answers requests that arrive while closing.
    return503OnClosing: false,
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

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandling(app);
  const drain = options.drain ?? { draining: false, closing: false };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    if (drain.draining) {
      // Keep-alive clients open their next request elsewhere (ops/shutdown.ts).
      void reply.header('connection', 'close');
      // Closing: a request that came on a connection still open gets the 503 the browser
      // retries, in the API's error format and with the security headers (not Fastify's own).
      if (drain.closing && request.url !== '/healthz' && request.url !== '/readyz') {
        void reply.code(503).header('retry-after', '1').send({ error: 'unavailable' });
        return;
      }
    }
    done();
  });
  const metrics = options.metrics ?? NO_METRICS;
  app.decorate('metrics', metrics);
  if (metrics !== NO_METRICS) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    // The staff side tells of each refused sign-in; the counter listens while the app is open.
    const stopCounting = onSignInRefused((refusal) => metrics.signInRefused(refusal));
    app.addHook('onClose', (_instance, done) => {
      stopCounting();
      done();
    });
  }
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
  const panelOptions = panelOptionsOf(config);
  const decide = createDecider({ ...panelOptions, clock, codes });

  // A failed submission or partial save raises a grouped chat alert (one per kind per 5 minutes,
  // docs/decisions/0021-grouped-alerts.md). It names the failed request's id only (its request
  // log line has the rest): no application, no personal data (decision 0050).
  const onFailure = async (failure: SubmissionFailure): Promise<void> => {
    const { operation, requestId, error } = failure;
    app.log.error(
      { severity: 'FAILURE', operation, reqId: requestId, err: error },
      'submission failed',
    );
    // The database that just failed cannot hold the alert (queueing there would hold the 503
    // as long again): it waits in memory and goes straight to the chat webhook if need be.
    if (isDatabaseUnavailable(error)) {
      delivery.holdAlert(databaseAlert(`${operation} answered 503 (${errorCode(error)})`));
      return;
    }
    await delivery.alert({
      kind: operation,
      subject: operation === 'submission' ? 'Submission failed' : 'Partial save failed',
      name: `request ${requestId}`,
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
  await registerDisclosureReceiptRoutes(app, {
    db,
    clock,
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
  });
  registerPortalRoutes(app, {
    db,
    codes,
    clock,
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
    rateLimitInstances: config.rateLimits.instances,
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
    publicApiBase: config.publicApiBase,
  });
  registerClientErrorRoutes(app, {
    logger: app.log,
    rateLimitPerMinute: config.rateLimits.lookupsPerMinute,
    publicApiBase: config.publicApiBase,
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
  const mailTransport =
    options.mailTransport ??
    (config.smtpUrl === null ? devMailboxTransport(db, clock) : smtpTransport(config.smtpUrl));
  if (options.mailTransport === undefined) app.addHook('onClose', () => mailTransport.close());
  registerSavedRoutes(app, {
    db,
    clock,
    transport: mailTransport,
    from: config.company.email,
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
    rateLimitInstances: config.rateLimits.instances,
  });
  registerStaffRoutes(app, {
    db,
    clock,
    environment: config.environment,
    hashPool: options.hashPool ?? sharedHashPool(),
    identifierSecret: config.staffIdentifierSecret,
    signInPerMinute: config.rateLimits.staffSignInPerMinute,
    mail: { transport: mailTransport, from: config.company.email, company: config.company.name },
    panel: config.lenderPanel,
    documents: {
      store: documentStoreFor(config),
      publicBaseUrl: config.publicBaseUrl,
      uploadsPerMinute: config.rateLimits.submissionsPerMinute,
    },
    duplicates: {
      evaluate: createPanelEvaluator(panelOptions),
      decidedEvents: (decided) => delivery.decidedEvents(decided),
    },
  });

  registerHelpRoutes(app, {
    db,
    clock,
    logger: app.log,
    mail: { transport: mailTransport, from: config.company.email, company: config.company.name },
    ...config.help,
    publicApiBase: config.publicApiBase,
  });
  await registerCopyRoutes(app, {
    db,
    clock,
    logger: app.log,
    mail: { transport: mailTransport, from: config.company.email, company: config.company.name },
    rateLimitPerMinute: config.rateLimits.submissionsPerMinute,
    publicApiBase: config.publicApiBase,
  });
  registerConfigRoutes(app, config);
  registerHealthRoutes(app, {
    db,
    drain,
    onDatabaseUnavailable: () =>
      delivery.holdAlert(databaseAlert('the readiness check (/readyz) could not query it')),
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
