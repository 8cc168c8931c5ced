import { BRAND_LIST, FUNNEL_BRANCHES, FUNNEL_OUTCOME_STEPS, FUNNEL_STEPS } from '@broker/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { StaffRole } from '../db/schema.js';
import { APPLICATION_READERS } from '../staff/applications.js';
import { staffResponses, staffValidation } from '../staff/schemas.js';
import type { StaffRouteDependencies } from '../staff/context.js';

/** Every role may read the funnel: it holds no personal data (docs/funnel.md). */
export const FUNNEL_READERS: readonly StaffRole[] = APPLICATION_READERS;
/** The longest range one request may ask for, and the default one, in days. */
export const FUNNEL_MAX_DAYS = 366;
export const FUNNEL_DEFAULT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const KNOWN_KEYS = BRAND_LIST.map((brand) => brand.affiliateKey) as [string, ...string[]];
const funnelQuery = z.strictObject({
  from: day.optional(),
  to: day.optional(),
  brand: z.enum(KNOWN_KEYS).optional(),
  affiliate: z.enum(KNOWN_KEYS).optional(),
  branch: z.enum(FUNNEL_BRANCHES).optional(),
});

const stepCount = z.looseObject({ step: z.string(), count: z.number() });
const funnelAnswer = z.looseObject({
  from: z.string(),
  to: z.string(),
  filters: z.looseObject({
    brands: z.array(z.string()),
    affiliates: z.array(z.string()),
    branches: z.array(z.string()),
  }),
  started: z.number(),
  completed: z.number(),
  completionRate: z.number().nullable(),
  steps: z.array(
    stepCount.extend({ dropOff: z.number().nullable(), dropOffRate: z.number().nullable() }),
  ),
  outcomes: z.array(stepCount),
  days: z.array(z.looseObject({ day: z.string(), completionRate: z.number().nullable() })),
});

const OUTCOMES: readonly string[] = FUNNEL_OUTCOME_STEPS;
const JOURNEY = FUNNEL_STEPS.filter((step) => !OUTCOMES.includes(step));

export type StaffFunnelRoutesOptions = StaffRouteDependencies;

export interface FunnelStepCount {
  step: string;
  count: number;
  /**
   * Applications that reached the step before this one on their branch and not this one (negative
   * when more reached this step, e.g. after going back); null where no branch had a step before.
   */
  dropOff: number | null;
  /** dropOff as a share of those that reached the step before on their branch. */
  dropOffRate: number | null;
}

/**
 * `GET /api/staff/funnel` (docs/funnel.md): the step counts of a date range, filtered by brand,
 * affiliate and branch; the drop-off between the steps reached; the outcomes; the completion rate
 * (applications that reached an outcome page per application started) and the same per day.
 */
export function registerStaffFunnelRoutes(
  app: FastifyInstance,
  options: StaffFunnelRoutesOptions,
): void {
  const { db, clock, guard, audit } = options;
  app.get(
    '/api/staff/funnel',
    {
      onRequest: guard(FUNNEL_READERS),
      ...staffValidation,
      schema: {
        summary: 'How many applications reached each step, by day (no personal data).',
        querystring: funnelQuery,
        response: staffResponses({ 200: { schema: funnelAnswer, description: 'The funnel.' } }),
      },
    },
    async (request, reply) => {
      const parsed = funnelQuery.safeParse(request.query);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_query' });
      const query = parsed.data;
      const to = query.to ?? clock.now().toISOString().slice(0, 10);
      const from =
        query.from ??
        new Date(Date.parse(`${to}T00:00:00Z`) - (FUNNEL_DEFAULT_DAYS - 1) * DAY_MS)
          .toISOString()
          .slice(0, 10);
      const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
      if (days < 1 || days > FUNNEL_MAX_DAYS) {
        return reply.code(400).send({ error: 'invalid_range' });
      }

      let select = db
        .selectFrom('funnel_counts')
        .select(['day', 'branch', 'step', sql<number | string>`sum(count)`.as('total')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['day', 'branch', 'step']);
      if (query.brand) select = select.where('brand', '=', query.brand);
      if (query.affiliate) select = select.where('affiliate', '=', query.affiliate);
      if (query.branch) select = select.where('branch', '=', query.branch);
      const rows = await select.execute();

      const byStep = new Map<string, number>();
      const byBranchStep = new Map<string, number>();
      const byDay = new Map<string, { started: number; completed: number }>();
      for (const row of rows) {
        const total = Number(row.total);
        byStep.set(row.step, (byStep.get(row.step) ?? 0) + total);
        const key = `${row.branch} ${row.step}`;
        byBranchStep.set(key, (byBranchStep.get(key) ?? 0) + total);
        const counts = byDay.get(row.day) ?? { started: 0, completed: 0 };
        if (row.step === 'start') counts.started += total;
        if (OUTCOMES.includes(row.step)) counts.completed += total;
        byDay.set(row.day, counts);
      }

      // The branches take different steps (looking-to-borrow is secured only): each branch's
      // drop-off is measured from the step it reached before, then the branches are added up.
      const lastOnBranch = new Map<string, number>();
      const steps: FunnelStepCount[] = [];
      for (const step of JOURNEY) {
        const count = byStep.get(step) ?? 0;
        if (count === 0) continue;
        let lost = 0;
        let before = 0;
        for (const branch of FUNNEL_BRANCHES) {
          const reached = byBranchStep.get(`${branch} ${step}`) ?? 0;
          if (reached === 0) continue;
          const previous = lastOnBranch.get(branch);
          if (previous !== undefined) {
            lost += previous - reached;
            before += previous;
          }
          lastOnBranch.set(branch, reached);
        }
        steps.push({
          step,
          count,
          dropOff: before === 0 ? null : lost,
          dropOffRate: before === 0 ? null : lost / before,
        });
      }
      const outcomes = FUNNEL_OUTCOME_STEPS.map((step) => ({ step, count: byStep.get(step) ?? 0 }));
      const started = byStep.get('start') ?? 0;
      const completed = outcomes.reduce((sum, outcome) => sum + outcome.count, 0);

      await audit(request, { action: 'funnel-viewed', detail: { ...query, from, to } });
      return {
        from,
        to,
        filters: { brands: KNOWN_KEYS, affiliates: KNOWN_KEYS, branches: FUNNEL_BRANCHES },
        started,
        completed,
        completionRate: started === 0 ? null : completed / started,
        steps,
        outcomes,
        days: [...byDay.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, counts]) => ({
            day: date,
            ...counts,
            completionRate: counts.started === 0 ? null : counts.completed / counts.started,
          })),
      };
    },
  );
}
