/**
 * The journey folder's public surface (docs/architecture.md): the state, the table and what
 * reads it. Modules inside the folder import each other directly; the rest of the domain and
 * the other packages import from here (through the package's index).
 */
export * from './options.js';
export * from './shape.js';
export * from './defaults.js';
export * from './restore.js';
export * from './path.js';
export * from './types.js';
export * from './labels.js';
export * from './branch.js';
export { EMPLOYED_STATUSES, STEPS, STEP_IDS } from './steps.js';
export {
  sameStep,
  stepPath,
  parseStepPath,
  stepHeading,
  stepIntro,
  stepHint,
  stepCopy,
  loadStepCopy,
  fieldWords,
  stepFields,
} from './resolve.js';
export { INVALID_POSTCODE_MESSAGE, validateStep, isStepComplete } from './validate.js';
export {
  journeySteps,
  nextStep,
  previousStep,
  firstIncompleteStep,
  canVisit,
  completionFlagsFor,
} from './navigation.js';
export { answersImpliedBy } from './effects.js';
export { journeyMermaid } from './diagram.js';
