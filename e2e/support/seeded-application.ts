import { serialiseState } from '@broker/domain';
import { applicantStateAt, numberedPerson } from '@broker/domain/testing';

// A vehicle-finance application answered up to the submit step: the shared test applicant
// (`@broker/domain/testing`) walked through the journey's own table, so it stays complete when
// screens change, for tests that start at /submit.

/**
 * The stored form (sessionStorage's value) of an application at /submit under `key`. A person
 * of its own for each key, or a second test would be answered as a duplicate.
 */
export function applicationAtSubmit(key: string): string {
  const n = Number.parseInt(key.replace(/-/g, '').slice(0, 8), 16);
  return serialiseState(
    applicantStateAt('vehicle', '/submit', { sessionId: key, person: numberedPerson(n) }),
  );
}
