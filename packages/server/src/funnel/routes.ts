import { BRAND_LIST, brandForHost, FUNNEL_BRANCHES, FUNNEL_STEPS } from '@broker/domain';
import type { FunnelStep } from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../applications/decide.js';
import type { Db } from '../db/schema.js';
import { zodValidation } from '../http/openapi.js';
import { beaconBody, beaconRouteSchema, refuseOtherSites } from '../http/same-site.js';
import { perMinuteRateLimit } from '../http/rate-limit-config.js';

/** A step report is a few dozen bytes; anything much larger is not one. */
export const FUNNEL_BODY_LIMIT = 512;

const AFFILIATES = BRAND_LIST.map((brand) => brand.affiliateKey) as [string, ...string[]];

export const funnelReportSchema = z.strictObject({
  step: z.enum(FUNNEL_STEPS as [FunnelStep, ...FunnelStep[]]),
  branch: z.enum(FUNNEL_BRANCHES),
  // The brand profile the page runs under (state.affiliateConfig): one of the known keys only,
  // so the table cannot be filled with made-up values. Dealer numbers are never sent.
  affiliate: z.enum(AFFILIATES).nullable().optional(),
});

export interface FunnelRoutesOptions {
  db: Db;
  clock: Clock;
  /** Reports per minute per client address; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** The API's own base, when not the pages' origin: which other hosts count as this site. */
  publicApiBase?: string | null;
}

/**
 * `POST /api/funnel` (docs/funnel.md, decision 0035): adds one to the counter of (today, brand,
 * affiliate, branch, step) and stores nothing else: not the address, not a key, not the time.
 * The brand is the host's, as for applications; the body names the step, the branch and the
 * brand profile. Accepts text/plain too, as navigator.sendBeacon sends it.
 */
export function registerFunnelRoutes(app: FastifyInstance, options: FunnelRoutesOptions): void {
  const { db, clock } = options;
  app.post(
    '/api/funnel',
    {
      bodyLimit: FUNNEL_BODY_LIMIT,
      config: perMinuteRateLimit(options.rateLimitPerMinute),
      onRequest: refuseOtherSites(options.publicApiBase ?? null),
      ...zodValidation,
      attachValidation: true,
      schema: funnelRouteSchema,
    },
    async (request, reply) => {
      const report = funnelReportSchema.safeParse(beaconBody(request.body));
      if (!report.success) {
        return reply.code(400).send({
          error: 'invalid_report',
          fields: report.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
      }
      const brand = brandForHost(request.host).affiliateKey;
      const row = {
        day: clock.now().toISOString().slice(0, 10),
        brand,
        affiliate: report.data.affiliate ?? brand,
        branch: report.data.branch,
        step: report.data.step,
        count: 1,
      };
      await db
        .insertInto('funnel_counts')
        .values(row)
        .onConflict((conflict) =>
          conflict
            .columns(['day', 'brand', 'affiliate', 'branch', 'step'])
            .doUpdateSet({ count: sql<number>`funnel_counts.count + 1` }),
        )
        .execute();
      return reply.code(204).send();
    },
  );
}

const funnelRouteSchema = beaconRouteSchema(
  'Count one application reaching a step of the journey; no personal data.',
  funnelReportSchema,
  'Counted.',
);
