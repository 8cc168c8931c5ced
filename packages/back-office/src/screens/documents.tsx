import { Fragment, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary } from '../components';
import type { Problem } from '../components';
import { formatWhen } from '../format';

interface StaffDocument {
  id: number;
  person: 'applicant' | 'joint';
  type: string;
  name: string;
  status: 'requested' | 'received' | 'accepted' | 'rejected';
  requestedAt: string;
  requestedBy: string;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  uploadedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
  linkExpiresAt: string;
}

const TYPES: readonly { value: string; label: string }[] = [
  { value: 'payslip', label: 'Payslip' },
  { value: 'bank-statement', label: 'Bank statement' },
  { value: 'proof-of-address', label: 'Proof of address' },
  { value: 'id', label: 'Photo ID (passport or driving licence)' },
];

const STATUS_NAMES: Record<StaffDocument['status'], string> = {
  requested: 'Asked for',
  received: 'Received: to check',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

function size(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Documents of one application (docs/documents.md): ask for them by e-mailed upload link,
 * download what came (each download audited), accept or reject with a reason. Auditors read.
 */
export function DocumentsPanel({
  id,
  session,
  joint,
}: {
  id: number;
  session: Session;
  joint: boolean;
}) {
  const [documents, setDocuments] = useState<StaffDocument[] | null>(null);
  const [types, setTypes] = useState<string[]>([]);
  const [person, setPerson] = useState<'applicant' | 'joint'>('applicant');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const canWork = session.staff.role !== 'auditor';

  useEffect(() => {
    let live = true;
    void api<{ documents: StaffDocument[] }>('GET', `/api/staff/applications/${id}/documents`)
      .then((answer) => {
        if (live) setDocuments(answer.documents);
      })
      .catch(() => {
        if (live) setDocuments([]);
      });
    return () => {
      live = false;
    };
  }, [id]);

  async function send(path: string, body: unknown, done: string, field: string) {
    try {
      const answer = await api<{ documents: StaffDocument[] }>(
        'POST',
        `/api/staff/applications/${id}/documents${path}`,
        body,
      );
      setDocuments(answer.documents);
      setProblems([]);
      setSaid(done);
      return true;
    } catch (error) {
      const body = error instanceof ApiError ? error.body : undefined;
      setProblems(
        body?.fields?.map((problem) => ({ field: problem.path, message: problem.message })) ??
          (body?.message
            ? [{ field, message: body.message }]
            : [{ field, message: 'That could not be saved. Reload the page and try again' }]),
      );
      setSaid(null);
      return false;
    }
  }

  async function ask(event: FormEvent) {
    event.preventDefault();
    const names = TYPES.filter((type) => types.includes(type.value)).map((type) => type.label);
    if (
      await send(
        '',
        { types, person },
        `Asked for ${names.join(', ')}: the upload link has been e-mailed`,
        'types',
      )
    ) {
      setTypes([]);
    }
  }

  async function reject(event: FormEvent, documentId: number) {
    event.preventDefault();
    if (
      await send(
        `/${documentId}/decision`,
        { decision: 'reject', reason },
        'Document rejected',
        'reason',
      )
    ) {
      setRejecting(null);
      setReason('');
    }
  }

  const typesError = problems.find((problem) => problem.field === 'types')?.message;
  const reasonError = problems.find((problem) => problem.field === 'reason')?.message;
  return (
    <section aria-labelledby="documents-heading" className="check-answers__section">
      <h2 className="heading-m" id="documents-heading">
        Documents
      </h2>
      <ErrorSummary problems={problems} />
      <p className="visually-hidden" role="status">
        {said ?? ''}
      </p>
      {documents === null ? (
        <p className="body">Loading…</p>
      ) : documents.length === 0 ? (
        <p className="body">No documents asked for yet.</p>
      ) : (
        <table className="table table--stack documents-table">
          <caption className="visually-hidden">Documents asked for, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Status</th>
              <th scope="col">File</th>
              {canWork ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {documents.map((document) => (
              <Fragment key={document.id}>
                <tr>
                  <td data-label="Document">
                    {document.name}
                    {joint
                      ? ` (${document.person === 'joint' ? 'joint applicant' : 'applicant'})`
                      : ''}
                    <br />
                    <span className="hint">
                      Asked by {document.requestedBy}, {formatWhen(document.requestedAt)}
                    </span>
                  </td>
                  <td data-label="Status">
                    {STATUS_NAMES[document.status]}
                    {document.decidedBy ? (
                      <>
                        <br />
                        <span className="hint">
                          {document.decidedBy}, {formatWhen(document.decidedAt!)}
                        </span>
                      </>
                    ) : null}
                    {document.reason ? (
                      <>
                        <br />
                        Reason: {document.reason}
                      </>
                    ) : null}
                  </td>
                  <td data-label="File">
                    {document.uploadedAt ? (
                      <>
                        <a
                          href={`/api/staff/applications/${id}/documents/${document.id}/file`}
                          download
                        >
                          Download {document.name.toLowerCase()}
                          <span className="visually-hidden"> ({document.fileName})</span>
                        </a>
                        <br />
                        <span className="hint">
                          {document.fileName}, {size(document.sizeBytes)},{' '}
                          {formatWhen(document.uploadedAt)}
                        </span>
                      </>
                    ) : (
                      <span className="hint">
                        Not yet (link valid until {formatWhen(document.linkExpiresAt)})
                      </span>
                    )}
                  </td>
                  {canWork ? (
                    <td>
                      {document.status === 'received' ? (
                        <div className="button-group">
                          <button
                            type="button"
                            className="button button--secondary"
                            onClick={() =>
                              void send(
                                `/${document.id}/decision`,
                                { decision: 'accept' },
                                `${document.name} accepted`,
                                'decision',
                              )
                            }
                          >
                            Accept<span className="visually-hidden"> {document.name}</span>
                          </button>
                          <button
                            type="button"
                            className="button button--warning"
                            aria-expanded={rejecting === document.id}
                            onClick={() => {
                              setRejecting(rejecting === document.id ? null : document.id);
                              setReason('');
                            }}
                          >
                            Reject<span className="visually-hidden"> {document.name}</span>
                          </button>
                        </div>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
                {rejecting === document.id ? (
                  <tr>
                    <td colSpan={canWork ? 4 : 3}>
                      <form noValidate onSubmit={(event) => void reject(event, document.id)}>
                        <div
                          className={reasonError ? 'form-group form-group--error' : 'form-group'}
                        >
                          <label className="label" htmlFor="reason">
                            Why it cannot be accepted
                          </label>
                          <div id="reason-hint" className="hint">
                            The applicant sees this when you ask for the document again.
                          </div>
                          {reasonError ? (
                            <p id="reason-error" className="error-message">
                              <span className="visually-hidden">Error:</span> {reasonError}
                            </p>
                          ) : null}
                          <textarea
                            id="reason"
                            className="textarea"
                            rows={2}
                            maxLength={500}
                            value={reason}
                            aria-describedby={
                              reasonError ? 'reason-hint reason-error' : 'reason-hint'
                            }
                            onChange={(event) => setReason(event.target.value)}
                          />
                        </div>
                        <button type="submit" className="button button--warning">
                          Reject document
                        </button>
                      </form>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {canWork ? (
        <form noValidate onSubmit={(event) => void ask(event)}>
          <div className={typesError ? 'form-group form-group--error' : 'form-group'}>
            <fieldset
              className="fieldset"
              aria-describedby={typesError ? 'types-hint types-error' : 'types-hint'}
            >
              <legend className="fieldset__legend">Ask for documents</legend>
              <div id="types-hint" className="hint">
                The person gets an e-mail with a link to upload them, valid for 14 days.
              </div>
              {typesError ? (
                <p id="types-error" className="error-message">
                  <span className="visually-hidden">Error:</span> {typesError}
                </p>
              ) : null}
              <div className="checkboxes" id="types">
                {TYPES.map((type) => (
                  <div className="checkboxes__item" key={type.value}>
                    <input
                      className="checkboxes__input"
                      type="checkbox"
                      id={`document-${type.value}`}
                      checked={types.includes(type.value)}
                      onChange={(event) =>
                        setTypes(
                          event.target.checked
                            ? [...types, type.value]
                            : types.filter((value) => value !== type.value),
                        )
                      }
                    />
                    <label className="checkboxes__label" htmlFor={`document-${type.value}`}>
                      {type.label}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </div>
          {joint ? (
            <div className="form-group">
              <label className="label" htmlFor="document-person">
                From
              </label>
              <select
                id="document-person"
                className="select"
                value={person}
                onChange={(event) => setPerson(event.target.value as 'applicant' | 'joint')}
              >
                <option value="applicant">The applicant</option>
                <option value="joint">The joint applicant</option>
              </select>
            </div>
          ) : null}
          <button type="submit" className="button">
            Send upload link
          </button>
        </form>
      ) : null}
    </section>
  );
}
