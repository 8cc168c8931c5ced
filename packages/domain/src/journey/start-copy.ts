/**
 * The start step's copy (its entry in `STEP_COPY`, copy.ts). A module of its own because the
 * first screen shows it: the rest of the journey's copy loads with the later screens
 * (docs/decisions/0045-journey-copy-out-of-the-first-screen.md).
 */
import type { StepCopy } from './types.js';

export const START_COPY: StepCopy = {
  heading: 'What do you need the money for?',
  intro: 'Get a quote in a few minutes. No impact on your credit score.',
};
