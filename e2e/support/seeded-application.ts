import { serialiseState } from '@broker/domain';
import { applicantStateAt, numberedPerson, type TestPerson } from '@broker/domain/testing';

// A vehicle-finance application answered up to the submit step: the shared test applicant
// (`@broker/domain/testing`) walked through the journey's own table, so it stays complete when
// screens change, for tests that start at /submit.

/**
 * The person who applies under `key`: a person of their own for each key, or a second test
 * would be answered as a duplicate.
 */
export function personFor(key: string): TestPerson {
  return numberedPerson(Number.parseInt(key.replace(/-/g, '').slice(0, 8), 16));
}

/** The stored form (sessionStorage's value) of an application at /submit under `key`. */
export function applicationAtSubmit(key: string): string {
  return serialiseState(
    applicantStateAt('vehicle', '/submit', { sessionId: key, person: personFor(key) }),
  );
}
