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
  /** The lender panel's evaluation (domain PanelDecision) of a decided application; migration 0003. */
  decision_json: string | null;
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
  /** The name as the back office searches it (migration 0010, docs/decisions/0036-back-office-search.md). */
  search_name: Generated<string | null>;
  /** The short reference of a completed application (migration 0006, decision 0030). */
  reference: Generated<string | null>;
  /**
   * A possible duplicate: the earlier application of the same person it matched (migration
   * 0013, docs/decisions/0051-duplicates-stored-linked-released.md).
   */
  duplicate_of: Generated<number | null>;
  /** When staff released a possible duplicate, and who (a staff member's id). */
  duplicate_released_at: Generated<IsoTimestamp | null>;
  duplicate_released_by: Generated<string | null>;
  /** vehicle, secured or joint: the domain's `applicationBranch` (migration 0016, decision 0065). */
  branch: string | null;
  /** The copy e-mail's day-long window and the copies sent in it (migration 0027, decision 0101). */
  copies_window_started_at: Generated<IsoTimestamp | null>;
  copies_in_window: Generated<number | null>;
}

export type PersonRole = 'applicant' | 'joint';

/**
 * The people of an application, one row each, with their normalised identifiers (migration
 * 0012, docs/data-lifecycle.md, docs/decisions/0050-people-and-relations.md): how a person is
 * found for search, subject access and erasure.
 */
export interface ApplicationPeopleTable {
  application_row_id: number;
  role: PersonRole;
  /** Lower case, trimmed. */
  email_lower: string | null;
  /** The payload rule's digits (domain `normalisePhoneForPayload`). */
  phone_normalised: string | null;
  /** YYYY-MM-DD */
  date_of_birth: string | null;
  /** "First Last" as given, for staff to tell people apart. */
  name: string | null;
}

export interface PortalAccountsTable {
  /** Migration 0012: a key of its own, so links and the audit log can name it without the e-mail. */
  id: Generated<number>;
  email_lower: string;
  /** ACCOUNT_STATUS code of docs/product.md §3 (1 New … 5 Active). */
  status: number;
  /**
   * Keyed hash (HMAC, portal/codes.ts) of the first sign-in passcode; the passcode itself is
   * only ever in the first answer. Null once used, burnt or expired by a migration.
   */
  otp_hash: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  otp_expires_at: IsoTimestamp | null;
  otp_attempts: Generated<number>;
  /** Keyed hash of the code e-mailed to prove the address; null once used or burnt. */
  verification_hash: string | null;
  verification_expires_at: IsoTimestamp | null;
  verification_attempts: Generated<number>;
  /** When a verification e-mail was last queued (throttles repeats). */
  verification_requested_at: IsoTimestamp | null;
  verified_at: IsoTimestamp | null;
}

/**
 * The applications a portal account was created or used by (migration 0012): it goes when the
 * last of them does.
 */
export interface PortalAccountApplicationsTable {
  portal_account_id: number;
  application_row_id: number;
}

/** Mail to send (docs/decisions/0025-portal-mail.md): no text, no code, only what to compose. */
export interface PortalMailOutboxTable {
  id: Generated<number>;
  /** The account it is for (migration 0012); the mail goes with it. */
  portal_account_id: number | null;
  email_lower: string;
  kind: 'verification';
  created_at: IsoTimestamp;
  attempts: Generated<number>;
  next_attempt_at: IsoTimestamp;
  sent_at: IsoTimestamp | null;
  last_error: string | null;
}

/** `local` without SMTP_URL: the messages staff read with `npm run mailbox`. */
export interface DevMailboxTable {
  id: Generated<number>;
  recipient: string;
  sender: string;
  subject: string;
  body: string;
  created_at: IsoTimestamp;
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
  /**
   * The application the event is about (migration 0012; its key in migration 0006); null for
   * alerts, which hold no personal data. The event goes with the application.
   */
  application_row_id: number | null;
}

export type StaffRole = 'agent' | 'admin' | 'auditor';
export type StaffStatus = 'pending' | 'active' | 'disabled';

/** A member of the broker's staff (migration 0005, docs/back-office.md). */
export interface StaffMembersTable {
  id: string;
  email_lower: string;
  display_name: string;
  role: StaffRole;
  status: StaffStatus;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  setup_token_hash: string | null;
  setup_expires_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** When the member was last e-mailed about a lock (migration 0014). */
  lock_mail_at: Generated<IsoTimestamp | null>;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: string;
  stage: 'code' | 'full';
  created_at: IsoTimestamp;
  last_seen_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  ip: string | null;
}

export interface StaffAuditLogTable {
  id: Generated<number>;
  at: IsoTimestamp;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  detail_json: string | null;
  ip: string | null;
  prev_hash: string;
  hash: string;
}

/** An attempt allowed to reach a hash or a TOTP check (migration 0014, staff/attempts.ts). */
export interface StaffSignInAttemptsTable {
  id: Generated<number>;
  account_key: string;
  ip: string;
  step: 'password' | 'code';
  outcome: 'pending' | 'failed' | 'succeeded' | 'forgiven';
  at: IsoTimestamp;
}

/** How far the audit chain is verified (migration 0014, staff/audit.ts). */
export interface StaffAuditCheckpointTable {
  name: string;
  verified_id: number;
  verified_hash: string;
  entries: number;
  verified_at: IsoTimestamp;
}

export type WorkStatus =
  | 'new'
  | 'contacted'
  | 'awaiting-documents'
  | 'referred'
  | 'completed'
  | 'withdrawn'
  | 'not-proceeding';

export interface ApplicationWorkTable {
  application_row_id: number;
  work_status: WorkStatus;
  assigned_to: string | null;
  updated_at: IsoTimestamp;
  /** A London calendar date, YYYY-MM-DD (migration 0018, decision 0083); none on a closed case. */
  next_action_on: Generated<string | null>;
}

export type LenderDecision = 'pending' | 'approved' | 'declined' | 'withdrawn';

/** A case sent to a lender (migration 0019, docs/decisions/0085-lender-submissions.md). */
export interface LenderSubmissionsTable {
  id: Generated<number>;
  application_row_id: number;
  lender_id: string;
  lender_name: string;
  lender_reference: string | null;
  decision: LenderDecision;
  paid_out_on: string | null;
  commission_pence: number;
  commission_disclosure_version: number | null;
  resubmission_of: number | null;
  submitted_at: IsoTimestamp;
  submitted_by_id: string;
  submitted_by_email: string;
  updated_at: IsoTimestamp;
  updated_by_email: string;
}

export interface ApplicationActivityTable {
  id: Generated<number>;
  application_row_id: number;
  at: IsoTimestamp;
  staff_id: string;
  staff_email: string;
  /** 'message' and 'complaint' since migration 0024. */
  kind: 'note' | 'status' | 'assignment' | 'message' | 'complaint';
  text: string;
}

/** A templated e-mail staff sent the applicant (migration 0024, docs/mail.md). */
export interface ApplicationMessagesTable {
  id: Generated<number>;
  application_row_id: number;
  person_role: PersonRole;
  template: string;
  recipient: string;
  subject: string;
  body_text: string;
  sent_by_id: string;
  sent_by_email: string;
  created_at: IsoTimestamp;
  status: 'sending' | 'sent' | 'failed';
  sent_at: IsoTimestamp | null;
}

export type ComplaintOutcome = 'upheld' | 'partly-upheld' | 'not-upheld';

/** The complaints register (migration 0025, docs/back-office.md). Dates are YYYY-MM-DD. */
export interface ComplaintsTable {
  id: Generated<number>;
  /** Null once the application has gone (erased, or past retention). */
  application_row_id: number | null;
  reference: string | null;
  received_on: string;
  deadline_on: string;
  category: string;
  /** Required when logged; null once the personal data is removed (erasure, retention). */
  summary: string | null;
  logged_by_email: string;
  logged_at: IsoTimestamp;
  final_response_on: string | null;
  outcome: ComplaintOutcome | null;
  responded_by_email: string | null;
}

/** Aggregate funnel counters (migration 0009, docs/funnel.md). */
export interface FunnelCountsTable {
  day: string;
  brand: string;
  affiliate: string;
  branch: string;
  step: string;
  count: number;
}

/** One daily job's lease (migration 0007, lifecycle/lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_until: IsoTimestamp;
  last_finished_at: IsoTimestamp | null;
}

/** What is left of an erased application (migration 0007, docs/data-lifecycle.md). */
export interface ErasureTombstonesTable {
  id: Generated<number>;
  application_row_id: number;
  application_id: string | null;
  /**
   * Null when the whole application was erased; else whose part of a joint application was
   * (migration 0012, docs/decisions/0050-people-and-relations.md).
   */
  person_role: Generated<PersonRole | null>;
  erased_at: IsoTimestamp;
  reason: string;
  erased_by_id: string;
  erased_by_email: string;
}

/** Every version of each disclosed text, stored once (docs/evidence.md, migration 0008). */
export interface DisclosureTextsTable {
  text_id: string;
  version: number;
  sha256: string;
  body: string;
  stored_at: string;
}

/**
 * The text versions the server served to an application's session (migration 0015,
 * docs/evidence.md): keyed by submission key, before and after the application exists.
 */
export interface DisclosuresServedTable {
  submission_key: string;
  text_id: string;
  version: number;
  first_served_at: IsoTimestamp;
  last_served_at: IsoTimestamp;
  times: number;
}

/**
 * A saved application (migration 0020, docs/decisions/0086-save-and-return-links.md): the
 * answers as ciphertext the server cannot read, the link's token as its SHA-256.
 */
export interface SavedDraftsTable {
  id: Generated<number>;
  token_hash: string;
  submission_key: string;
  application_row_id: number | null;
  /** Null once used. */
  ciphertext: string | null;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
}

/** Upload links e-mailed for documents (migration 0026, docs/documents.md). */
export interface DocumentLinksTable {
  id: Generated<number>;
  application_row_id: number;
  person_role: 'applicant' | 'joint';
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  used_at: IsoTimestamp | null;
}

export type DocumentType = 'payslip' | 'bank-statement' | 'proof-of-address' | 'id';
export type DocumentStatus = 'requested' | 'received' | 'accepted' | 'rejected';

/** A document asked for, its file once uploaded, and staff's decision (migration 0026). */
export interface ApplicationDocumentsTable {
  id: Generated<number>;
  application_row_id: number;
  link_id: number;
  person_role: 'applicant' | 'joint';
  document_type: DocumentType;
  status: DocumentStatus;
  requested_at: IsoTimestamp;
  requested_by: string;
  storage_key: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  sha256: string | null;
  uploaded_at: IsoTimestamp | null;
  decided_at: IsoTimestamp | null;
  decided_by: string | null;
  reason: string | null;
}

/** Callback requests from the "Need help?" form (migration 0022, docs/help.md). */
export interface CallbacksTable {
  id: Generated<number>;
  submission_key: string | null;
  brand: string;
  page: string;
  phone_normalised: string;
  email_lower: string | null;
  call_time: string;
  topic: string | null;
  about: string | null;
  /** A JSON array of FG21/1's drivers in the form's words; null when none was ticked. */
  harder_kinds: string | null;
  harder_note: string | null;
  created_at: IsoTimestamp;
  due_at: IsoTimestamp;
  status: Generated<CallbackStatus>;
  assigned_to: string | null;
  assigned_email: string | null;
  completed_at: IsoTimestamp | null;
  completed_by: string | null;
  completion_note: string | null;
}

export type CallbackStatus = 'open' | 'completed';

export interface Database {
  applications: ApplicationsTable;
  application_people: ApplicationPeopleTable;
  portal_accounts: PortalAccountsTable;
  portal_account_applications: PortalAccountApplicationsTable;
  delivery_events: DeliveryEventsTable;
  portal_mail_outbox: PortalMailOutboxTable;
  dev_mailbox: DevMailboxTable;
  staff_members: StaffMembersTable;
  staff_sessions: StaffSessionsTable;
  staff_audit_log: StaffAuditLogTable;
  staff_sign_in_attempts: StaffSignInAttemptsTable;
  staff_audit_checkpoint: StaffAuditCheckpointTable;
  application_work: ApplicationWorkTable;
  application_activity: ApplicationActivityTable;
  lender_submissions: LenderSubmissionsTable;
  application_messages: ApplicationMessagesTable;
  complaints: ComplaintsTable;
  funnel_counts: FunnelCountsTable;
  job_leases: JobLeasesTable;
  erasure_tombstones: ErasureTombstonesTable;
  disclosure_texts: DisclosureTextsTable;
  disclosures_served: DisclosuresServedTable;
  document_links: DocumentLinksTable;
  application_documents: ApplicationDocumentsTable;
  callbacks: CallbacksTable;
  saved_drafts: SavedDraftsTable;
}

export type Db = Kysely<Database>;

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type PortalAccountRow = Selectable<PortalAccountsTable>;
export type ApplicationPersonRow = Selectable<ApplicationPeopleTable>;
export type DeliveryEventRow = Selectable<DeliveryEventsTable>;
export type StaffMemberRow = Selectable<StaffMembersTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;
export type StaffAuditRow = Selectable<StaffAuditLogTable>;
