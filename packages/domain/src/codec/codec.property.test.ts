/**
 * The journey's table as the payload's codec, over random paths through it (decisions 0063,
 * 0064): the builder's payload read back gives the path's answers again, nothing an abandoned
 * branch left survives the builder, and whatever the browser sends passes the server's check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRANDS, BRAND_LIST } from '../brands.js';
import { journeySteps } from '../journey/navigation.js';
import { getAnswer, setAnswers, type StatePath } from '../journey/path.js';
import { shownFields } from '../journey/resolve.js';
import type { ApplicationState } from '../journey/shape.js';
import { partialSubmissionPayloadSchema, submissionPayloadSchema } from '../schemas.js';
import { randomPath } from '../testing/paths.js';
import { buildSubmissionPayload } from './build.js';
import { mergeProblems, type FieldProblem } from './check.js';
import { ENVELOPE_KEYS } from './envelope.js';
import { readPayload } from './read.js';

const TODAY = { year: 2026, month: 3, day: 10 };
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40) * 5;

function build(state: ApplicationState, isCompleted: boolean) {
  const brand = BRAND_LIST.find((b) => b.affiliateKey === state.affiliateConfig) ?? BRANDS.default;
  return buildSubmissionPayload(state, { brand, isCompleted, today: TODAY });
}

/** What the server answers for a body (applications/routes.ts): zod's structure, then the pass. */
function problems(body: unknown, complete: boolean): FieldProblem[] {
  const schema = complete ? submissionPayloadSchema : partialSubmissionPayloadSchema;
  const result = schema.safeParse(body);
  const structural = result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return mergeProblems(body, structural, { complete, today: TODAY });
}

/** The state paths a field of the path holds its answer at (an address by its lines). */
function answerPaths(state: ApplicationState): { path: StatePath; cap?: number }[] {
  return journeySteps(state, TODAY).flatMap((ref) =>
    shownFields(ref, state).flatMap(({ field }) => {
      if (field.as !== undefined && typeof field.as === 'object') return [];
      if (field.kind === 'address') {
        return (
          ['subBuilding', 'houseName', 'houseNumber', 'street', 'town', 'postcode'] as const
        ).map((line) => ({ path: `${field.path}.${line}` as StatePath }));
      }
      if (field.kind === 'yearsMonths') {
        return [
          { path: field.path, ...(field.cap !== undefined && { cap: field.cap }) },
          { path: field.monthsPath! },
        ];
      }
      if (field.kind === 'dateOfBirth')
        return Object.values(field.parts!).map((path) => ({ path }));
      return [{ path: field.path }];
    }),
  );
}

const answersOnly = (payload: object) =>
  Object.fromEntries(
    Object.entries(payload).filter(([key]) => !(ENVELOPE_KEYS as readonly string[]).includes(key)),
  );

describe('the journey table as the payload’s codec, over random paths', () => {
  it('sends a full submission the server accepts, and reads it back as the path’s answers', () => {
    fc.assert(
      fc.property(randomPath, ({ state }) => {
        const payload = build(state, true);
        expect(problems(payload, true)).toEqual([]);
        const back = readPayload(payload).state;
        for (const { path, cap } of answerPaths(state)) {
          const sent = getAnswer(state, path);
          const expected =
            typeof sent === 'number' && cap !== undefined ? Math.min(sent, cap) : sent;
          expect(getAnswer(back, path), path).toEqual(expected ?? null);
        }
        // And the read-back builds the same answers again: the two are inverse on the path.
        const again = { ...back, GUID: state.GUID };
        expect(answersOnly(build(again, true))).toEqual(answersOnly(payload));
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('sends nothing an abandoned branch left', () => {
    fc.assert(
      fc.property(randomPath, ({ state, stale }) => {
        for (const payload of [build(state, true), build(state, false)]) {
          const back = readPayload(payload).state;
          for (const [path, value] of Object.entries(stale)) {
            const read = getAnswer(back, path as StatePath);
            expect(
              read === value && value !== false,
              `${path} came back as ${JSON.stringify(read)}`,
            ).toBe(false);
          }
          // Every list entry is one the histories reach.
          const steps = journeySteps(state, TODAY);
          const entries = (loop: string) =>
            Math.max(0, ...steps.filter((ref) => ref.id.startsWith(loop)).map((ref) => ref.n ?? 1));
          expect(payload.addresses.length).toBeLessThanOrEqual(entries('address'));
          expect(payload.employments.length).toBeLessThanOrEqual(entries('employment'));
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('sends partial saves the server accepts, before and after a change of purpose', () => {
    fc.assert(
      fc.property(
        randomPath,
        fc.constantFrom('Vehicle', 'HomeImprovements', 'DebtConsolidation', 'SomethingElse'),
        ({ state }, purpose) => {
          expect(problems(build(state, false), false)).toEqual([]);
          const switched = setAnswers(state, {
            'form.loanPurposeType': purpose,
            ...(purpose !== 'Vehicle' && { 'form.financeType': 'Secured' }),
          });
          const partial = build(switched, false);
          expect(problems(partial, false)).toEqual([]);
          expect(partial.loanPurposeType).toBe(purpose === 'SomethingElse' ? 'Other' : purpose);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
