import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import { confirmsErasure, ERASURE_WORD, erasureConfirmation } from '@broker/domain';
import { ErrorSummary, PageHeading, TextInput } from '../components';
import type { Problem } from '../components';
import { formatWhen, named, OUTCOME_NAMES } from '../format';

/** What the server holds about one person (docs/data-lifecycle.md). */
interface SubjectDocument {
  generatedAt: string;
  emails: string[];
  applications: {
    id: number;
    /** Their part in it: the applicant or the joint applicant (decision 0050). */
    role: 'applicant' | 'joint';
    person: { name: string | null }[];
    applicationId: string | null;
    reference: string | null;
    status: 'partial' | 'complete';
    outcome: string | null;
    createdAt: string;
    /** Set when the application also belongs to another person, whose details are withheld. */
    withheld: { statement: string } | null;
  }[];
  deliveryEvents: unknown[];
  portalAccounts: unknown[];
  portalMail: unknown[];
}

interface Erased {
  erased: number;
  kept: { application: number; statement: string }[];
}

const SEARCH_LABEL = 'E-mail address, phone number or application id';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What an erasure removes: applications that are only the person's, whole; on joint ones only
 * their part, kept for the other person (docs/decisions/0050-people-and-relations.md).
 */
function erasedText(whole: number, shared: number, linked: boolean): string {
  const parts: string[] = [];
  if (whole > 0 || shared === 0) {
    const applications = count(whole, 'application', 'applications');
    parts.push(linked ? `${applications} and everything linked to them` : applications);
  }
  if (shared > 0) {
    parts.push(
      `their part of ${count(shared, 'joint application', 'joint applications')}, kept for the other person`,
    );
  }
  return parts.join(', and ');
}

function fieldProblems(error: unknown, fallback: string): Problem[] {
  const fields = error instanceof ApiError ? (error.body.fields ?? []) : [];
  return fields.length > 0
    ? fields.map((field) => ({ field: field.path, message: field.message }))
    : [{ field: 'q', message: fallback }];
}

/** Admins: subject access (a JSON download) and erasure with a reason and a confirmation. */
export function DataRequestsScreen() {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ q: string; document: SubjectDocument } | null>(null);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [erased, setErased] = useState<Erased | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const confirmRef = useRef<HTMLFormElement>(null);

  async function find(event: FormEvent) {
    event.preventDefault();
    setErased(null);
    setConfirming(false);
    try {
      const document = await api<SubjectDocument>('POST', '/api/staff/subject-access', { q });
      setFound({ q, document });
      setProblems([]);
    } catch (error) {
      setFound(null);
      setProblems(fieldProblems(error, 'Something went wrong. Try again'));
    }
  }

  function download() {
    if (!found) return;
    const blob = new Blob([JSON.stringify(found.document, null, 2)], {
      type: 'application/json',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `subject-access-${found.document.generatedAt.slice(0, 10)}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblems([{ field: 'reason', message: 'Enter the reason for the erasure' }]);
      return;
    }
    setProblems([]);
    setTyped('');
    setConfirming(true);
    setTimeout(() => confirmRef.current?.focus(), 0);
  }

  async function erase(event: FormEvent) {
    event.preventDefault();
    if (!found) return;
    if (!confirmsErasure(typed, confirmation)) {
      setProblems([
        {
          field: 'confirmation',
          message:
            typed.trim() === ''
              ? `Type ${confirmation} to confirm the erasure`
              : `What you typed is not ${confirmation}. Type it to confirm the erasure`,
        },
      ]);
      return;
    }
    try {
      const body = await api<Erased>('POST', '/api/staff/erasure', {
        q: found.q,
        reason,
        applicationIds: found.document.applications.map((row) => row.id),
        confirmation: typed,
      });
      setErased(body);
      setFound(null);
      setQ('');
      setReason('');
      setConfirming(false);
      setProblems([]);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body.fields ?? []) : [];
      if (fields.some((field) => field.path === 'confirmation')) {
        setProblems(fieldProblems(error, ''));
        return;
      }
      setConfirming(false);
      setProblems(
        error instanceof ApiError && error.body.error === 'changed'
          ? [{ field: 'q', message: 'Their data changed since you found it. Find it again' }]
          : fieldProblems(error, 'Something went wrong. Try again'),
      );
    }
  }

  const errorFor = (field: string) =>
    problems.find((problem) => problem.field === field)?.message ?? null;
  const reasonError = errorFor('reason');
  const document_ = found?.document ?? null;
  const nothing =
    document_ !== null &&
    document_.applications.length === 0 &&
    document_.portalAccounts.length === 0;
  const shared = document_?.applications.filter((row) => row.withheld !== null) ?? [];
  const whole = (document_?.applications.length ?? 0) - shared.length;
  const confirmation = erasureConfirmation(document_?.applications ?? []);
  const confirmationError = errorFor('confirmation');

  return (
    <>
      <ErrorSummary problems={problems} />
      <PageHeading>Data requests</PageHeading>
      {erased !== null ? (
        <div className="notice" role="status">
          <p className="body">
            Their data was erased: {erasedText(erased.erased, erased.kept.length, false)}. A record
            of the erasure, without their details, is kept.
          </p>
          {erased.kept.map((kept) => (
            <p className="body" key={kept.application}>
              {kept.statement}
            </p>
          ))}
        </div>
      ) : null}
      <p className="body">
        Find everything held about one person, to give them a copy or to erase it.
      </p>
      <form noValidate onSubmit={(event) => void find(event)}>
        <TextInput
          id="q"
          label={SEARCH_LABEL}
          spellCheck={false}
          autoComplete="off"
          error={errorFor('q')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <button type="submit" className="button">
          Find their data
        </button>
      </form>
      {document_ !== null && nothing ? (
        <p className="body" role="status">
          Nothing is held about them.
        </p>
      ) : null}
      {document_ !== null && !nothing ? (
        <section aria-labelledby="found-heading">
          <h2 className="heading-m" id="found-heading">
            What is held about them
          </h2>
          <p className="body break">E-mail addresses: {document_.emails.join(', ')}</p>
          <table className="table table--stack">
            <caption className="visually-hidden">Their applications</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Reference</th>
                <th scope="col">Received</th>
                <th scope="col">Outcome</th>
                <th scope="col">As</th>
              </tr>
            </thead>
            <tbody>
              {document_.applications.map((row) => (
                <tr key={row.id}>
                  <td data-label="Name">
                    {row.person.map((person) => person.name).find(Boolean) ?? 'No name given'}
                  </td>
                  <td data-label="Reference" className="nowrap">
                    {row.reference ?? 'None (not completed)'}
                  </td>
                  <td data-label="Received">{formatWhen(row.createdAt)}</td>
                  <td data-label="Outcome">
                    {named(
                      OUTCOME_NAMES,
                      row.status === 'partial' ? 'abandoned' : (row.outcome ?? 'approved'),
                    )}
                  </td>
                  <td data-label="As">
                    {row.role === 'joint' ? 'Joint applicant' : 'Applicant'}
                    {row.withheld ? ' (the other person’s details are withheld)' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="body">
            Also: {document_.deliveryEvents.length} delivery events,{' '}
            {document_.portalAccounts.length} portal accounts and {document_.portalMail.length}{' '}
            portal e-mails.
          </p>
          <button type="button" className="button button--secondary" onClick={download}>
            Download their data (JSON)
          </button>

          <h2 className="heading-m">Erase their data</h2>
          {!confirming ? (
            <form noValidate onSubmit={askToConfirm}>
              <div className={reasonError ? 'form-group form-group--error' : 'form-group'}>
                <label className="label" htmlFor="reason">
                  Reason for the erasure
                </label>
                <p id="reason-hint" className="hint">
                  How they asked and the request’s reference. Do not put their name or contact
                  details here: the reason is kept.
                </p>
                {reasonError ? (
                  <p id="reason-error" className="error-message">
                    <span className="visually-hidden">Error:</span> {reasonError}
                  </p>
                ) : null}
                <textarea
                  id="reason"
                  className="textarea"
                  rows={3}
                  maxLength={500}
                  value={reason}
                  aria-describedby={reasonError ? 'reason-hint reason-error' : 'reason-hint'}
                  onChange={(event) => setReason(event.target.value)}
                />
              </div>
              <button type="submit" className="button button--warning">
                Erase their data
              </button>
            </form>
          ) : (
            <form
              noValidate
              className="warning-panel"
              tabIndex={-1}
              ref={confirmRef}
              aria-labelledby="confirm-heading"
              onSubmit={(event) => void erase(event)}
            >
              <h3 className="heading-s" id="confirm-heading">
                Are you sure?
              </h3>
              <p className="body">
                This removes {erasedText(whole, shared.length, true)}, for good. It cannot be
                undone.
              </p>
              <TextInput
                id="confirmation"
                label={
                  confirmation === ERASURE_WORD
                    ? `To confirm, type ${ERASURE_WORD}`
                    : `To confirm, type the reference of their most recent application: ${confirmation}`
                }
                spellCheck={false}
                autoComplete="off"
                className="input--reference"
                error={confirmationError}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
              <div className="button-group">
                <button type="submit" className="button button--warning">
                  Yes, erase their data
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </button>
              </div>
            </form>
          )}
        </section>
      ) : null}
    </>
  );
}
