import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  errorBodySchema,
  errorResponses,
  fieldErrorsBodySchema,
  jsonSchemaOf,
  zodValidation,
} from './openapi.js';
import { perMinuteRateLimit } from './rate-limit-config.js';

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

export interface BeaconRoute<Report> {
  url: string;
  bodyLimit: number;
  /** Reports per minute per address; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** The API's own base, when not the pages' origin (refuseOtherSites above). */
  publicApiBase: string | null | undefined;
  summary: string;
  report: z.ZodType<Report>;
  /** The 204's description: what taking a report does. */
  taken: string;
}

/**
 * A beacon route (the funnel's counts, the browser's error reports): `POST url` from this site
 * only, rate-limited, JSON or the same JSON as text/plain (navigator.sendBeacon sends that), its
 * body checked against `report` (400 `invalid_report` with each problem), then `take`, then 204.
 * The schema documents the report (http/openapi.ts); the check is here, since a text/plain body
 * is a string until parsed.
 */
export function postBeacon<Report>(
  app: FastifyInstance,
  route: BeaconRoute<Report>,
  take: (report: Report, request: FastifyRequest) => Promise<void>,
): void {
  app.post(
    route.url,
    {
      bodyLimit: route.bodyLimit,
      config: perMinuteRateLimit(route.rateLimitPerMinute),
      onRequest: refuseOtherSites(route.publicApiBase ?? null),
      ...zodValidation,
      attachValidation: true,
      schema: {
        summary: route.summary,
        description: 'Also accepts the same JSON as text/plain, as navigator.sendBeacon sends it.',
        body: route.report,
        response: {
          204: { type: 'null', description: route.taken },
          400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: '`invalid_report`.' },
          403: {
            ...jsonSchemaOf(errorBodySchema),
            description: '`cross_site`: sent from another site.',
          },
          ...errorResponses(413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const report = route.report.safeParse(jsonOrText(request.body));
      if (!report.success) {
        return reply.code(400).send({
          error: 'invalid_report',
          fields: report.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
      }
      await take(report.data, request);
      return reply.code(204).send();
    },
  );
}

function jsonOrText(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
