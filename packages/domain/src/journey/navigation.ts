/**
 * The path through the table: which steps the answers lead to (the GOV.UK forms-runner
 * model: a step can be visited when every step before it on the path is complete).
 */
import type { ApplicationState } from './shape.js';
import type { CompletionFlag, ConditionId, LoopId, StepId, StepRef, StepSpec } from './types.js';
import { MAX_STEP_NUMBER } from './types.js';
import { EMPLOYED_STATUSES, STEP_IDS, STEPS } from './steps.js';
import { normalise, sameStep } from './resolve.js';
import { isStepComplete } from './validate.js';
import { isSecuredPurpose, loanBranch } from './branch.js';
import { needsAnotherAddress, needsAnotherEmployment } from '../years-months.js';
import { BRAND_LIST, brandForHost, type Brand } from '../brands.js';
import type { CalendarDate } from '../date-of-birth.js';

function brandOf(state: ApplicationState): Brand {
  const byKey = BRAND_LIST.find((brand) => brand.affiliateKey === state.affiliateConfig);
  return byKey ?? brandForHost(state.host ?? '');
}

export const CONDITIONS: Readonly<
  Record<ConditionId, { label: string; test: (state: ApplicationState) => boolean }>
> = {
  vehicle: { label: 'vehicle', test: (s) => loanBranch(s.form.loanPurposeType) === 'vehicle' },
  secured: { label: 'secured', test: (s) => isSecuredPurpose(s.form.loanPurposeType) },
  brandAsksDeposit: {
    label: 'brand asks deposit questions',
    test: (s) => brandOf(s).askDepositAndLookingToPurchaseQuestions === true,
  },
  securityElsewhere: {
    label: 'not the current address',
    test: (s) => s.form.isSecurityCurrentAddress === false,
  },
  joint: { label: 'joint applicant', test: (s) => s.form.isJointApplication === true },
  jointEmployed: {
    label: 'they are employed',
    test: (s) => EMPLOYED_STATUSES.includes(String(s.form.joint.employmentStatus)),
  },
};

/** Exactly one of each pair holds once the start question is answered. */
export const OPPOSITES: readonly (readonly [ConditionId, ConditionId])[] = [['vehicle', 'secured']];

export const LOOPS: Readonly<
  Record<LoopId, { label: string; again: (state: ApplicationState, n: number) => boolean }>
> = {
  employment: {
    label: 'Employment history',
    again: (s, n) => needsAnotherEmployment(s.form.employments.slice(0, n)),
  },
  address: {
    label: 'Address history',
    again: (s, n) => needsAnotherAddress(s.form.addresses.slice(0, n)),
  },
};

function holds(spec: StepSpec, state: ApplicationState): boolean {
  return (spec.when ?? []).every((id) => CONDITIONS[id].test(state));
}

export function inIteration(spec: StepSpec, n: number): boolean {
  const entries = spec.loop?.entries;
  return entries === 'every' || (entries === 'first' ? n === 1 : n > 1);
}

export type Item =
  { kind: 'step'; id: StepId } | { kind: 'loop'; loop: LoopId; ids: readonly StepId[] };

/** The table read as a sequence, with each loop's run of steps collapsed into one item. */
export const ITEMS: readonly Item[] = STEP_IDS.reduce<Item[]>((items, id) => {
  const loop = STEPS[id].loop;
  const last = items[items.length - 1];
  if (loop && last?.kind === 'loop' && last.loop === loop.id) {
    items[items.length - 1] = { ...last, ids: [...last.ids, id] };
  } else {
    items.push(loop ? { kind: 'loop', loop: loop.id, ids: [id] } : { kind: 'step', id });
  }
  return items;
}, []);

/**
 * The screens the current answers lead through, in order. Answers on branches the user has
 * left (a joint applicant after switching to No, addresses after the history reached three
 * years) are not on it. A loop goes on to its next entry only once the entry is complete.
 */
export function journeySteps(
  state: ApplicationState,
  today: CalendarDate,
  complete: (ref: StepRef) => boolean = (ref) => isStepComplete(ref, state, today),
): StepRef[] {
  const path: StepRef[] = [];
  for (const item of ITEMS) {
    if (item.kind === 'step') {
      if (holds(STEPS[item.id], state)) path.push(normalise({ id: item.id }));
      continue;
    }
    for (let n = 1; n <= MAX_STEP_NUMBER; n += 1) {
      const iteration = item.ids
        .filter((id) => inIteration(STEPS[id], n))
        .map((id): StepRef => ({ id, n }));
      path.push(...iteration);
      if (!iteration.every(complete) || !LOOPS[item.loop].again(state, n)) break;
    }
  }
  return path;
}

function indexOn(path: readonly StepRef[], ref: StepRef): number {
  return path.findIndex((candidate) => sameStep(candidate, ref));
}

/** The step after `ref` on the current path; null after the last step or off the path. */
export function nextStep(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): StepRef | null {
  const path = journeySteps(state, today);
  const index = indexOn(path, ref);
  return index < 0 ? null : (path[index + 1] ?? null);
}

/** The step before `ref` on the current path; null for start and off the path. */
export function previousStep(
  ref: StepRef,
  state: ApplicationState,
  today: CalendarDate,
): StepRef | null {
  const path = journeySteps(state, today);
  const index = indexOn(path, ref);
  return index <= 0 ? null : (path[index - 1] ?? null);
}

/** Where a user who deep-links too far is sent: the first step not yet complete. */
export function firstIncompleteStep(state: ApplicationState, today: CalendarDate): StepRef {
  const path = journeySteps(state, today);
  return (
    path.find((ref) => !isStepComplete(ref, state, today)) ??
    path[path.length - 1] ?? { id: 'start' }
  );
}

/** forms-runner `can_visit?`: on the path, and every step before it complete. */
export function canVisit(ref: StepRef, state: ApplicationState, today: CalendarDate): boolean {
  if (ref.id === 'start') return true;
  const path = journeySteps(state, today);
  const index = indexOn(path, ref);
  return index >= 0 && path.slice(0, index).every((step) => isStepComplete(step, state, today));
}

/** The docs/product.md §3 completion flags the web sets to true when the user continues from `ref`. */
export function completionFlagsFor(ref: StepRef): readonly CompletionFlag[] {
  return STEPS[ref.id].flags ?? [];
}
