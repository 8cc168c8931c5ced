/**
 * The bodies delivered to DELIVERY_WEBHOOK_URL, in Standard Webhooks' `{ type, timestamp, data }`
 * form (docs/delivery.md). Each body is built from what the database stored (the payload and
 * the stored answer), so a field the decision gains later is delivered without a change here.
 */
import { z } from 'zod';
import type { ApplicationOutcome } from '../db/schema.js';

export const DECIDED_EVENT = 'application.decided';
export const ABANDONED_LEAD_EVENT = 'lead.abandoned';
export const ALERT_EVENT = 'alert';

const jsonObject = z.record(z.string(), z.unknown());

export const applicationDecidedEventSchema = z
  .object({
    type: z.literal(DECIDED_EVENT),
    /** When the event was written: the decision's time. */
    timestamp: z.iso.datetime(),
    data: z.object({
      submissionKey: z.string(),
      /** The short reference the applicant was given (docs/decisions/0030-application-reference.md). */
      reference: z.string().optional(),
      outcome: z.enum(['approved', 'declined', 'duplicate']),
      decidedAt: z.iso.datetime(),
      /** The answer the applicant got, as stored, without the portal's one-time passcode. */
      response: jsonObject,
      /** The submission payload as stored (remoteAddress is the address the server saw). */
      application: jsonObject,
      /**
       * A possible duplicate that staff released (docs/decisions/0051-duplicates-stored-linked-released.md):
       * decided then, by the lender panel; `response` is the duplicate answer the applicant saw.
       */
      duplicateReleasedAt: z.iso.datetime().optional(),
    }),
  })
  .describe(
    'A complete application was decided: approved or declined (a possible duplicate is sent only once staff release it).',
  );
export type ApplicationDecidedEvent = z.infer<typeof applicationDecidedEventSchema>;

export const abandonedLeadEventSchema = z
  .object({
    type: z.literal(ABANDONED_LEAD_EVENT),
    timestamp: z.iso.datetime(),
    data: z.object({
      submissionKey: z.string(),
      startedAt: z.iso.datetime(),
      /** The last partial save; nothing came for DELIVERY_LEAD_QUIET_MINUTES after it. */
      lastSavedAt: z.iso.datetime(),
      /** The last partial payload as stored. */
      application: jsonObject,
    }),
  })
  .describe('A partial application was not completed within the quiet period: a lead.');
export type AbandonedLeadEvent = z.infer<typeof abandonedLeadEventSchema>;

/** What ALERT_WEBHOOK_URL receives: SPEC's alert fields plus Slack's `text`. */
export const chatAlertBodySchema = z.object({
  program: z.string(),
  company: z.string(),
  alertType: z.string(),
  channel: z.string(),
  subject: z.string(),
  name: z.string(),
  message: z.string(),
  text: z.string(),
});

/** Response fields that are credentials, not facts about the application. */
const WITHHELD_RESPONSE_FIELDS = ['otp'];

export interface StoredDecision {
  submissionKey: string;
  reference?: string;
  outcome: ApplicationOutcome;
  /** The stored answer and payload (applications.response_json, payload_json). */
  responseJson: string;
  payloadJson: string;
  decidedAt: string;
  duplicateReleasedAt?: string;
}

/**
 * The event as JSON, the stored payload spliced in as it is: `payload_json` is JSON.stringify's
 * own output, so parsing and writing it again would give the same text at the cost of the
 * largest parse of a submission (docs/performance.md). The fields' order is the schema's above.
 */
export function decidedEventBody(stored: StoredDecision): string {
  const response = JSON.parse(stored.responseJson) as Record<string, unknown>;
  for (const field of WITHHELD_RESPONSE_FIELDS) delete response[field];
  const head = JSON.stringify({
    type: DECIDED_EVENT,
    timestamp: stored.decidedAt,
    data: {
      submissionKey: stored.submissionKey,
      ...(stored.reference === undefined ? {} : { reference: stored.reference }),
      outcome: stored.outcome,
      decidedAt: stored.decidedAt,
      response,
    },
  });
  const released =
    stored.duplicateReleasedAt === undefined
      ? ''
      : `,"duplicateReleasedAt":${JSON.stringify(stored.duplicateReleasedAt)}`;
  // head ends with the data object's and the event's closing braces: the application goes
  // between the response and them.
  return `${head.slice(0, -2)},"application":${stored.payloadJson}${released}}}`;
}

export interface StoredPartial {
  submissionKey: string;
  payloadJson: string;
  createdAt: string;
  updatedAt: string;
}

export function abandonedLeadEventBody(stored: StoredPartial, now: string): string {
  const event: AbandonedLeadEvent = {
    type: ABANDONED_LEAD_EVENT,
    timestamp: now,
    data: {
      submissionKey: stored.submissionKey,
      startedAt: stored.createdAt,
      lastSavedAt: stored.updatedAt,
      application: JSON.parse(stored.payloadJson) as Record<string, unknown>,
    },
  };
  return JSON.stringify(event);
}
