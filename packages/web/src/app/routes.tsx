import type { ComponentType } from 'react';
import {
  canVisit,
  firstIncompleteStep,
  isSecuredApplication,
  loadStepCopy,
  parseStepPath,
  STEP_IDS,
  STEPS,
  stepPath,
  type StepId,
} from '@broker/domain';
import { loadChunk } from '../lib/chunk-load';
import { today } from '../lib/today';
import { getApplication } from '../state/application-store';
import { loadConfig } from '../api/config';
import { preloadPath, type Route } from '../lib/router';
import { reachedInApp } from '../lib/history';
import { legalRoute } from './legal-route';
import { preloadFieldKinds } from '../features/steps/widgets/field-renderer';
import { lookupConfig } from '../features/steps/address-lookup/lookup-config';
import { loadSecuredDisclosure } from '../features/steps/lib/secured-disclosure';

interface ScreenModule {
  default: ComponentType;
}

/**
 * A step's screen is `src/features/steps/screens/<step id>.tsx` with a default export; a step without
 * one uses the generic screen, which renders the journey's fields for that step.
 */
const STEP_SCREENS = import.meta.glob<ScreenModule>([
  '../features/steps/screens/*.tsx',
  '!../features/steps/screens/*.test.tsx',
]);

function screen(importer: () => Promise<ScreenModule>) {
  return async () => (await loadChunk(importer)).default;
}

// Steps whose screen offers the postcode lookup when GET /api/config allows it.
const NEEDS_CONFIG: ReadonlySet<StepId> = new Set(['address', 'security-address-add']);

function stepScreen(id: StepId) {
  const load = screen(
    STEP_SCREENS[`../features/steps/screens/${id}.tsx`] ??
      (() => import('../features/steps/generic-step-screen')),
  );
  // The step's widgets come with its screen rather than one after the other, and so does the
  // configuration a screen reads: the page is ready to render when its chunk is.
  const kinds = STEPS[id].fields.map((field) => field.kind);
  const config = NEEDS_CONFIG.has(id) ? lookupConfig : () => null;
  // A reloaded secured application shows its disclosure with the page, not a moment after; a
  // failure here is left to the frame, which fetches it again.
  const disclosure = () =>
    isSecuredApplication(getApplication()) ? loadSecuredDisclosure().catch(() => null) : null;
  // The journey's copy (headings, hints, intros) comes with every screen but the first, whose
  // own copy is in the entry (docs/decisions/0045-journey-copy-out-of-the-first-screen.md).
  const copy = id === 'start' ? () => null : () => loadChunk(loadStepCopy);
  const extras = EXTRAS[id] ?? (() => null);
  return async () =>
    (
      await Promise.all([
        load(),
        preloadFieldKinds(kinds),
        config(),
        disclosure(),
        copy(),
        extras(),
      ])
    )[0];
}

/**
 * What pressing "Submit application" needs, fetched with the submit step's screen (by a deep
 * link, or ahead of Continue from check-your-answers): the submission client and the not-sent
 * page. A connection lost once the screen is up then still ends on that page, with Try again
 * (docs/decisions/0073-submit-never-silent.md). A failure here is left to the press, which
 * fetches the client again and, failing, goes to the not-sent page.
 */
function whatSubmitNeeds() {
  return Promise.all([
    loadChunk(() => import('../api/submit')).catch(() => null),
    preloadPath(ROUTES, '/error'),
  ]);
}

/** Fetched with a step's own code, beyond its screen, widgets and copy. */
const EXTRAS: Partial<Record<StepId, () => unknown>> = {
  submit: whatSubmitNeeds,
  // Check-your-answers leads only to Submit: fetched ahead from the screen before it, its code
  // brings the submit step's (and the client's), not on the press of Continue that a quick
  // reader makes before the page is idle. Not waited for; and not for a deep link, whose load
  // it would lengthen (the page fetches its next screen once the visitor engages).
  'before-you-submit': () => {
    if (reachedInApp()) void preloadPath(ROUTES, '/submit');
  },
};

// /complete is the thank-you page of docs/design.md D4, not a step: it shows evoId and needs no answers.
const JOURNEY_STEPS = STEP_IDS.filter((id) => id !== 'complete');

const stepRoutes: Route[] = JOURNEY_STEPS.map((id) => ({
  path: STEPS[id].path.replace('{n}', ':n'),
  load: stepScreen(id),
}));

const pageRoutes: Route[] = [
  { path: '/complete', load: screen(() => import('../screens/outcome/complete')) },
  { path: '/declined', load: screen(() => import('../screens/outcome/declined')) },
  { path: '/duplicate', load: screen(() => import('../screens/outcome/duplicate')) },
  { path: '/error', load: screen(() => import('../screens/outcome/error')) },
  // The page an upload link opens (docs/documents.md): its own chunk, off the journey's.
  { path: '/documents', load: screen(() => import('../screens/documents/upload-page')) },
  { path: '/resume', load: screen(() => import('../screens/outcome/resume')) },
  { path: '/portal/thank-you', load: screen(() => import('../screens/outcome/portal-thank-you')) },
  {
    path: '/portal/welcome-back',
    load: screen(() => import('../screens/outcome/portal-welcome-back')),
  },
  // The legal texts name the company, so they wait for GET /api/config as well.
  {
    path: '/terms-and-conditions',
    load: async () => {
      const [module] = await Promise.all([
        loadChunk(() => import('../screens/content/terms-page')),
        loadConfig(),
      ]);
      return legalRoute(module.TermsPage);
    },
  },
  {
    path: '/privacy-policy',
    load: async () => {
      const [module] = await Promise.all([
        loadChunk(() => import('../screens/content/privacy-policy-page')),
        loadConfig(),
      ]);
      return legalRoute(module.PrivacyPolicyPage);
    },
  },
  {
    path: '/cookie-policy',
    load: async () => {
      const [module] = await Promise.all([
        loadChunk(() => import('../screens/content/cookie-policy-page')),
        loadConfig(),
      ]);
      return legalRoute(module.CookiePolicyPage);
    },
  },
];

export const ROUTES: readonly Route[] = [...stepRoutes, ...pageRoutes];

const PAGE_PATHS = new Set(pageRoutes.map((route) => route.path));

/**
 * docs/product.md §2 and docs/design.md §1: an unknown path goes to /, and a deep link to a step the answers do
 * not reach yet goes to the first incomplete step (the journey's canVisit).
 */
export function redirectFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (PAGE_PATHS.has(path)) return path === pathname ? null : path;
  const step = parseStepPath(path);
  if (!step) return '/';
  const application = getApplication();
  const date = today();
  if (canVisit(step, application, date)) return path === pathname ? null : path;
  return stepPath(firstIncompleteStep(application, date));
}
