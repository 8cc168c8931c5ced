import type { AuditAction } from '@broker/domain';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { Link, PageHeading } from '../components';
import { usePath } from '../router';
import { formatWhen } from '../format';
import { formatDay } from './next-action';
import { STATUS_NAMES } from './work';

interface AuditEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  /** The application the entry concerns, when it still exists (docs/back-office.md "Audit log"). */
  application: { id: number; reference: string | null } | null;
  targetStaffName: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

type Chain = { intact: true; entries: number } | { intact: false; brokenAt: number };

/**
 * Each kind of entry in words (docs/back-office.md "Audit log"). Typed by the server's one list
 * of codes (domain's AuditAction), so a kind added without its words does not compile.
 */
export const ACTION_WORDS: Readonly<Record<AuditAction, string>> = {
  'application-viewed': 'Viewed an application',
  'applications-searched': 'Searched the applications',
  'applications-exported': 'Exported applications as CSV',
  assigned: 'Assigned an application',
  'audit-viewed': 'Viewed the audit log',
  'bulk-assign-refused': 'Assigning several applications was refused',
  'callback-assigned': 'Took or gave back a callback request',
  'callback-completed': 'Completed a callback request',
  'callback-disclosure-viewed': 'Read what makes things harder for a caller',
  'callbacks-listed': 'Viewed the callback requests',
  'complaint-answered': 'Recorded a complaint’s final response',
  'complaint-logged': 'Logged a complaint',
  'complaints-register-viewed': 'Viewed the complaints register',
  'csrf-refused': 'A request from another site was refused',
  'delivery-redelivered': 'Sent a delivery again',
  'disclosure-text-viewed': 'Viewed a disclosure text',
  'document-accepted': 'Accepted a document',
  'document-rejected': 'Rejected a document',
  'document-viewed': 'Viewed a document',
  'documents-requested': 'Asked for documents',
  'duplicate-released': 'Released a possible duplicate',
  erased: 'Erased a person’s data',
  'funnel-viewed': 'Viewed the funnel',
  'lender-submission-updated': 'Recorded a lender’s decision',
  'lender-submissions-viewed': 'Viewed an application’s lender record',
  'lender-submitted': 'Sent an application to a lender',
  'message-not-sent': 'A message could not be sent',
  'message-refused': 'A message was refused: no consent or no e-mail address',
  'message-sent': 'Sent a message to the applicant',
  'next-action-set': 'Set the next action date',
  'note-added': 'Added a note',
  'queue-counted': 'Viewed the work queue',
  'session-expired': 'Signed out: the session ended',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed to sign in',
  'sign-in-locked': 'Account locked after failed sign-ins',
  'sign-out': 'Signed out',
  'staff-added': 'Added a member of staff',
  'staff-disabled': 'Disabled a member of staff',
  'staff-listed': 'Viewed the staff list',
  'staff-setup-completed': 'Finished setting up their account',
  'staff-setup-link': 'Issued a set-up link',
  'staff-unlocked': 'Unlocked a member of staff',
  'status-changed': 'Changed the status',
  'subject-access': 'Gave a person a copy of their data',
};

/** An entry's kind in words; a code the log kept from an older version reads as its code. */
export function actionText(action: string): string {
  return Object.hasOwn(ACTION_WORDS, action)
    ? ACTION_WORDS[action as AuditAction]
    : sentence(words(action));
}

/** A code or a key as words: "status-changed" and "searchKind" read "Status changed", "search kind". */
function words(code: string): string {
  return code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.length > 5) return `${value.length} items`;
    return value.map(valueText).join(', ');
  }
  if (typeof value === 'object') return `(${fieldsText(value as Record<string, unknown>)})`;
  return '';
}

function fieldsText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${words(key)}: ${valueText(value)}`)
    .join('; ');
}

/** The entry's detail as a sentence: statuses by name, dates as days, the rest as "key: value". */
export function detailText(action: string, detail: Record<string, unknown> | null): string {
  if (detail === null) return '';
  if (action === 'status-changed' && typeof detail.to === 'string') {
    const from = typeof detail.from === 'string' ? (STATUS_NAMES[detail.from] ?? detail.from) : '';
    return `From ${from} to ${STATUS_NAMES[detail.to] ?? detail.to}`;
  }
  if (action === 'next-action-set' && 'to' in detail) {
    const day = (value: unknown) => (typeof value === 'string' ? formatDay(value) : 'none');
    return `From ${day(detail.from)} to ${day(detail.to)}`;
  }
  return sentence(fieldsText(detail));
}

function Concerning({ entry }: { entry: AuditEntry }) {
  if (entry.application) {
    return (
      <Link to={`/applications/${entry.application.id}`} className="link">
        Application {entry.application.reference ?? entry.application.id}
      </Link>
    );
  }
  if (entry.targetStaffName) return <>{entry.targetStaffName}</>;
  if (entry.target && /^\d+$/.test(entry.target)) return <>An application since erased</>;
  return <>{entry.target ?? ''}</>;
}

/** Auditors and admins: the latest entries of the audit log and whether its chain is intact. */
export function AuditScreen() {
  const { search } = usePath();
  const before = search.get('before');
  const [log, setLog] = useState<{ chain: Chain; entries: AuditEntry[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api<{ chain: Chain; entries: AuditEntry[] }>(
      'GET',
      `/api/staff/audit${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    )
      .then(setLog)
      .catch(() => setFailed(true));
  }, [before]);

  const oldest = log?.entries.at(-1)?.id;
  return (
    <>
      <PageHeading>Audit log</PageHeading>
      {failed ? <p className="body">The audit log could not be loaded. Try again.</p> : null}
      {log ? (
        <>
          {log.chain.intact ? (
            <div className="notice" role="status">
              The chain of {log.chain.entries} entries is intact: no entry has been changed or
              removed.
            </div>
          ) : (
            <div className="warning-panel" role="alert">
              <strong>The chain is broken at entry {log.chain.brokenAt}.</strong> That entry or one
              before it has been changed or removed. Report this to the data protection officer.
            </div>
          )}
          <table className="table table--stack">
            <caption className="visually-hidden">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Entry</th>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Concerning</th>
                <th scope="col">Detail</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Entry">{entry.id}</td>
                  <td data-label="When" className="nowrap">
                    {formatWhen(entry.at)}
                  </td>
                  <td data-label="Who">
                    {entry.actorName ?? entry.actorEmail ?? 'Nobody signed in'}
                  </td>
                  <td data-label="What">{actionText(entry.action)}</td>
                  <td data-label="Concerning">
                    <Concerning entry={entry} />
                  </td>
                  <td data-label="Detail" className="audit-detail">
                    {detailText(entry.action, entry.detail)}
                  </td>
                  <td data-label="From" className="nowrap">
                    {entry.ip ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {oldest !== undefined && oldest > 1 && log.entries.length === 100 ? (
            <p className="body">
              <Link to={`/audit?before=${oldest}`} className="link">
                Older entries
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
