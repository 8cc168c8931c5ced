import { randomUUID } from 'node:crypto';
import { submissionPayloadSchema } from '@broker/domain';
import type { SubmissionPayload } from '@broker/domain';
import { applicantPayload, type ApplicantKind } from '@broker/domain/testing';

/**
 * The shared test applicant's answers (`@broker/domain/testing`) as the browser's builder sends
 * them, checked against the payload schema so a fixture can never drift from what is valid.
 */
function payloadOf(kind: ApplicantKind, overrides: Partial<SubmissionPayload>): SubmissionPayload {
  const built = submissionPayloadSchema.parse(applicantPayload(kind, { sessionId: randomUUID() }));
  return { ...built, ...overrides };
}

/** A valid, complete single-applicant vehicle-finance payload (sample data only). */
export function validPayload(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
  return payloadOf('vehicle', overrides);
}

/**
 * A valid, complete single-applicant loan secured on the applicant's home: every answer the
 * secured path asks (the server refuses a full submission without them, decision 0013).
 */
export function validSecuredPayload(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
  return payloadOf('secured', overrides);
}

/** A valid, complete joint vehicle-finance payload: the applicant and Ben, the joint applicant. */
export function validJointPayload(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
  return payloadOf('joint', overrides);
}

/**
 * The payload's current job as a status without an employer (unemployed): the employment screen
 * then asks no occupation, employer or town, so none is sent.
 */
export function unemployed(payload: SubmissionPayload): SubmissionPayload['employments'][number] {
  const { employmentIndex, yearsAtEmployer, monthsAtEmployer } = payload.employments[0]!;
  return {
    employmentIndex,
    employmentStatus: 'Unemployed',
    yearsAtEmployer,
    monthsAtEmployer,
  };
}
