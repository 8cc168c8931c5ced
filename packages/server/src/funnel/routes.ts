import { BRAND_LIST, brandForHost, FUNNEL_BRANCHES, FUNNEL_STEPS } from '@broker/domain';
import type { FunnelStep } from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../applications/decide.js';
import type { Db } from '../db/schema.js';
import { postBeacon } from '../http/same-site.js';

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
  postBeacon(
    app,
    {
      url: '/api/funnel',
      bodyLimit: FUNNEL_BODY_LIMIT,
      rateLimitPerMinute: options.rateLimitPerMinute,
      publicApiBase: options.publicApiBase,
      summary: 'Count one application reaching a step of the journey; no personal data.',
      report: funnelReportSchema,
      taken: 'Counted.',
    },
    async (report, request) => {
      const brand = brandForHost(request.host).affiliateKey;
      const row = {
        day: clock.now().toISOString().slice(0, 10),
        brand,
        affiliate: report.affiliate ?? brand,
        branch: report.branch,
        step: report.step,
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
    },
  );
}
