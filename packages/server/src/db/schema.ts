import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

// Timestamps are ISO-8601 UTC strings (Date#toISOString) so that SQLite and PostgreSQL store,
// compare and sort them identically.
export type IsoTimestamp = string;

export type ApplicationStatus = 'partial' | 'complete';
export type ApplicationOutcome = 'approved' | 'declined' | 'duplicate';

export interface ApplicationsTable {
  id: Generated<number>;
  submission_key: string;
  status: ApplicationStatus;
  outcome: ApplicationOutcome | null;
  decline_reason: string | null;
  application_id: string | null;
  /** The exact JSON answered for a complete submission, replayed on a repeated key. */
  response_json: string | null;
  payload_json: string;
  brand: string | null;
  affiliate_key: string | null;
  dealer_number: string | null;
  variant: string | null;
  email_lower: string | null;
  phone_normalised: string | null;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  remote_address: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  completed_at: IsoTimestamp | null;
  /** When this partial application was delivered as an abandoned lead (migration 0002). */
  lead_event_at: Generated<IsoTimestamp | null>;
}

export interface PortalAccountsTable {
  email_lower: string;
  /** ACCOUNT_STATUS code of SPEC §3 (1 New … 5 Active). */
  status: number;
  /** SHA-256 hex of the one-time passcode; the passcode itself is only ever in the answer. */
  otp_hash: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface AlertOutboxTable {
  id: Generated<number>;
  created_at: IsoTimestamp;
  alert_type: string;
  subject: string;
  name: string;
  message: string;
  attempts: Generated<number>;
  next_attempt_at: IsoTimestamp;
  delivered_at: IsoTimestamp | null;
  last_error: string | null;
}

/** One event for one endpoint (migration 0002, delivery/repository.ts). */
export interface DeliveryEventsTable {
  id: Generated<number>;
  event_id: string;
  endpoint: string;
  event_type: string;
  body: string;
  group_count: Generated<number>;
  created_at: IsoTimestamp;
  attempts: Generated<number>;
  next_attempt_at: IsoTimestamp;
  delivered_at: IsoTimestamp | null;
  dead_at: IsoTimestamp | null;
  last_error: string | null;
}

export interface Database {
  applications: ApplicationsTable;
  portal_accounts: PortalAccountsTable;
  alert_outbox: AlertOutboxTable;
  delivery_events: DeliveryEventsTable;
}

export type Db = Kysely<Database>;

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type PortalAccountRow = Selectable<PortalAccountsTable>;
export type AlertOutboxRow = Selectable<AlertOutboxTable>;
export type NewAlertOutboxRow = Insertable<AlertOutboxTable>;
export type DeliveryEventRow = Selectable<DeliveryEventsTable>;
