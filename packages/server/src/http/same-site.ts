import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorBodySchema, errorResponses, fieldErrorsBodySchema, jsonSchemaOf } from './openapi.js';

/**
 * Beacons (the funnel's step counts, the browser's error reports) are plain "simple" requests a
 * page of any site can send with navigator.sendBeacon, so forged counts and "submission failed"
 * alerts could be raised from anyone's page. A browser says where a request comes from: this
 * refuses what `Sec-Fetch-Site` marks as another site's, and, from a browser that sends only
 * `Origin`, any other origin than this site's (docs/security.md).
 *
 * When the API has a base of its own (PUBLIC_API_BASE_URL), the pages are on sibling hosts of
 * one site, and `same-site` (or an Origin under the API host's parent domain) is accepted too.
 *
 * A client that is not a browser sends neither header and is not refused: it can still post
 * counts and reports by hand, within the per-address rate limit. Nothing here stops that.
 */
export function refuseOtherSites(publicApiBase: string | null) {
  const apiParent = publicApiBase === null ? null : parentDomain(new URL(publicApiBase).hostname);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (fromOtherSite(request, apiParent)) {
      return reply.code(403).send({ error: 'cross_site' });
    }
  };
}

function parentDomain(hostname: string): string {
  const labels = hostname.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : hostname;
}

function fromOtherSite(request: FastifyRequest, apiParent: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  if (site === 'same-site') return apiParent === null;
  if (site !== undefined) return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true;
  const from = new URL(origin);
  if (from.host === request.host) return false;
  return apiParent === null || !`.${from.hostname}`.endsWith(`.${apiParent}`);
}

/**
 * A beacon route's schema (the funnel's counts, the browser's error reports): its body, 204
 * once taken, 400 `invalid_report`, 403 `cross_site`, and the limits' answers.
 */
export function beaconRouteSchema(summary: string, body: z.ZodType, taken: string) {
  return {
    summary,
    description: 'Also accepts the same JSON as text/plain, as navigator.sendBeacon sends it.',
    body,
    response: {
      204: { type: 'null', description: taken },
      400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: '`invalid_report`.' },
      403: {
        ...jsonSchemaOf(errorBodySchema),
        description: '`cross_site`: sent from another site.',
      },
      ...errorResponses(413, 415, 429),
    },
  };
}

/** A beacon's body: JSON as such, or JSON sent as text/plain; undefined when it is not JSON. */
export function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
