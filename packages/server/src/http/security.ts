import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { Config } from '../config.js';

/**
 * Helmet with a strict Content-Security-Policy: the app ships no inline script or style, so
 * everything is 'self'; the tag manager's origin is added only when it is configured.
 */
export function securityHeaders(
  config: Pick<Config, 'environment' | 'tagManagerOrigin'> & Partial<Pick<Config, 'publicApiBase'>>,
): FastifyHelmetOptions {
  const tagManager = config.tagManagerOrigin === null ? [] : [config.tagManagerOrigin];
  // The browser's API calls go to a configured API base when there is one.
  const api = config.publicApiBase ? [new URL(config.publicApiBase).origin] : [];
  const local = config.environment === 'local';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...tagManager],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...tagManager],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...tagManager, ...api],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Local runs are plain http on localhost; upgrading would break them.
        ...(local ? {} : { upgradeInsecureRequests: [] }),
      },
    },
    hsts: local ? false : { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same rule as frame-ancestors 'none' for browsers that only read X-Frame-Options.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

// Headers of the probe's answer that Fastify itself sets, not helmet.
const NOT_FROM_HELMET = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The headers @fastify/helmet sends for these options. It rebuilds helmet's middleware on every
 * request (several per cent of a submission's CPU time), yet with no CSP nonces the headers are
 * the same every time, so they are taken once from a probe app and then set as they are.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', () => '');
  const response = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_FROM_HELMET.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}
