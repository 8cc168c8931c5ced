import { createHash, randomBytes } from 'node:crypto';
import type { SubmissionPayload } from '@broker/domain';
import { validPayload } from '../../../packages/server/src/test-support/fixtures.js';
import type { LoadRequest } from './load.js';

/**
 * Valid, complete submissions, each a different person (own e-mail, phone and one of 14,000
 * dates of birth), so a load is approvals, not a pile of duplicates of one applicant. `run`
 * keeps keys and people of different runs on one database apart.
 */
export function applicant(index: number, run: string): SubmissionPayload {
  // Where this run's phone numbers start: runs on one database must not share a person.
  const offset = Number.parseInt(createHash('sha256').update(run).digest('hex').slice(0, 12), 16);
  const day = new Date(Date.UTC(1955, 0, 1) + ((offset + index) % 14_000) * 86_400_000);
  return validPayload({
    submissionKey: keyFor(run, index),
    email: `applicant.${run}.${index}@example.com`,
    // 079 is an allowed mobile prefix with no drama range in it (the server refuses those).
    contactNumber: `079${String((offset + index) % 100_000_000).padStart(8, '0')}`,
    dateOfBirth: `${day.toISOString().slice(0, 10)}T00:00:00.000`,
  });
}

/**
 * Request `index`'s submission key in a run named `seed`: the v4 UUID shape the server requires
 * (decision 0050), the same each time, its last group the index (`indexOf` reads it back).
 */
export function keyFor(seed: string, index: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = '89ab'[Number.parseInt(hex[16]!, 16) % 4]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${index.toString(16).padStart(12, '0')}`;
}

export function newRunId(): string {
  return `r${randomBytes(4).toString('hex')}`;
}

export function submissionRequest(payload: SubmissionPayload): LoadRequest {
  return {
    key: payload.submissionKey,
    path: `/api/submission/${payload.submissionKey}`,
    body: JSON.stringify(payload),
  };
}

/** Request i of a run: applicant i. */
export function applicantRequests(run: string): (index: number) => LoadRequest {
  return (index) => submissionRequest(applicant(index, run));
}
