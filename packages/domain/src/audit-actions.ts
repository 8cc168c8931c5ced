/**
 * Every kind of entry in the staff audit log (decision 0028), in one place: the server writes
 * only these codes, and the back office's audit screen must give each one its words, so a new
 * kind without words is a type error there.
 */
export type AuditAction =
  | 'staff-added'
  | 'staff-setup-link'
  | 'staff-setup-completed'
  | 'staff-disabled'
  // docs/decisions/0055-staff-lockout-by-account-and-address.md
  | 'staff-unlocked'
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'sign-out'
  | 'session-expired'
  | 'csrf-refused'
  | 'audit-viewed'
  | 'staff-listed'
  | 'applications-searched'
  | 'application-viewed'
  | 'note-added'
  | 'status-changed'
  | 'assigned'
  | 'funnel-viewed'
  | 'subject-access'
  | 'erased'
  | 'disclosure-text-viewed'
  // docs/decisions/0030-application-reference.md
  | 'applications-exported'
  | 'delivery-redelivered'
  // docs/decisions/0051-duplicates-stored-linked-released.md
  | 'duplicate-released'
  // docs/decisions/0083-the-work-queue.md, 0084-bulk-assign.md, 0085-lender-submissions.md
  | 'queue-counted'
  | 'next-action-set'
  | 'bulk-assign-refused'
  | 'lender-submissions-viewed'
  | 'lender-submitted'
  | 'lender-submission-updated'
  // docs/documents.md
  | 'documents-requested'
  | 'document-viewed'
  | 'document-accepted'
  | 'document-rejected'
  // docs/decisions/0092-templated-messages.md
  | 'message-sent'
  | 'message-not-sent'
  | 'message-refused'
  // docs/decisions/0093-complaints-register.md
  | 'complaint-logged'
  | 'complaint-answered'
  | 'complaints-register-viewed'
  // docs/help.md, decision 0090
  | 'callbacks-listed'
  | 'callback-disclosure-viewed'
  | 'callback-assigned'
  | 'callback-completed';
