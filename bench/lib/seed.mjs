// Application states that make a later screen visitable, for benchmarks that open one directly.
// The web app sends a deep link to the first incomplete step (the journey's canVisit), so a
// benchmark of /contact first puts a state with every earlier answer into sessionStorage under
// the app's key: the shared test applicant's answers, walked through the journey's own table so
// it is always of the current version.
import {
  canVisit,
  parseStepPath,
  serialiseState,
  stepPath,
  firstIncompleteStep,
} from '@broker/domain';
import { applicantStateAt } from '@broker/domain/testing';

/** packages/web/src/state/storage.ts */
export const STORAGE_KEY = 'broker-application';

function calendarDate(date) {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * The serialised state (sessionStorage value) with every answer before `path`; throws when the
 * journey would still redirect, so a renamed step or a new question shows up as an error here.
 */
export function seededStateFor(path, { host = '127.0.0.1', now = new Date() } = {}) {
  const today = calendarDate(now);
  // The shared test applicant (packages/domain/src/testing/applicant.ts), walked to `path`.
  const state = applicantStateAt('vehicle', path, { today });
  state.host = host;
  state.form.hostAddress = host;
  const ref = parseStepPath(path);
  if (!ref || !canVisit(ref, state, today)) {
    throw new Error(
      `The seeded state does not reach ${path}: the app would go to ${stepPath(firstIncompleteStep(state, today))}`,
    );
  }
  return serialiseState(state);
}
