import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { Link, PageHeading } from '../components';
import { formatWhen } from '../format';

/** One request as `GET /api/staff/callbacks` gives it (docs/back-office.md, "Callbacks"). */
export interface Callback {
  id: number;
  createdAt: string;
  dueAt: string;
  overdue: boolean;
  ageMinutes: number;
  status: 'open' | 'completed';
  page: string;
  phone: string;
  email: string | null;
  callTime: string | null;
  topic: string | null;
  about: string | null;
  /** null: this role is not told (decision 0090). */
  hasDisclosure: boolean | null;
  assignee: { id: string; email: string | null } | null;
  completedAt: string | null;
  completedBy: string | null;
  completionNote: string | null;
  application: { id: number; reference: string | null } | null;
}

interface Disclosure {
  kinds: { value: string; label: string }[];
  note: string | null;
}

/** "2 hours 5 minutes" */
export function ageInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/** 07911 900456, 020 7946 0123: as staff read a number out. */
function spacedPhone(digits: string): string {
  if (digits.startsWith('02'))
    return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
  return digits.length === 11 ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}

/**
 * The callback queue: requests from the "Need help?" form, the most urgent first, with how long
 * each has waited and when it is due. Agents and admins take one, read what makes things harder
 * (each read is audited) and complete it with a note; auditors read the queue only.
 */
export function CallbacksScreen({ session }: { session: Session }) {
  const view =
    new URLSearchParams(window.location.search).get('view') === 'completed' ? 'completed' : 'open';
  const [callbacks, setCallbacks] = useState<Callback[] | null>(null);
  const [failed, setFailed] = useState(false);
  const mayWork = session.staff.role !== 'auditor';
  useEffect(() => {
    api<{ callbacks: Callback[] }>('GET', `/api/staff/callbacks?view=${view}`).then(
      (answer) => setCallbacks(answer.callbacks),
      () => setFailed(true),
    );
  }, [view]);
  const replace = (updated: Callback) =>
    setCallbacks((list) =>
      (list ?? []).map((callback) => (callback.id === updated.id ? updated : callback)),
    );
  return (
    <>
      <PageHeading>Callbacks</PageHeading>
      <nav aria-label="Callback requests" className="callbacks__views">
        <ul className="header__links">
          <li>
            <Link to="/callbacks" aria-current={view === 'open' ? 'page' : undefined}>
              Waiting
            </Link>
          </li>
          <li>
            <Link
              to="/callbacks?view=completed"
              aria-current={view === 'completed' ? 'page' : undefined}
            >
              Completed
            </Link>
          </li>
        </ul>
      </nav>
      {failed ? (
        <p className="body" role="alert">
          The callbacks could not be loaded. Refresh the page to try again.
        </p>
      ) : callbacks === null ? (
        <p className="body">Loading…</p>
      ) : callbacks.length === 0 ? (
        <p className="body">
          {view === 'open' ? 'Nobody is waiting for a call.' : 'No completed callbacks yet.'}
        </p>
      ) : (
        <ol className="callbacks">
          {callbacks.map((callback) => (
            <CallbackItem
              key={callback.id}
              callback={callback}
              session={session}
              mayWork={mayWork}
              onChange={replace}
            />
          ))}
        </ol>
      )}
    </>
  );
}

function CallbackItem({
  callback,
  session,
  mayWork,
  onChange,
}: {
  callback: Callback;
  session: Session;
  mayWork: boolean;
  onChange: (callback: Callback) => void;
}) {
  const [disclosure, setDisclosure] = useState<Disclosure | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const headingId = `callback-${callback.id}`;
  const noteId = `callback-${callback.id}-note`;
  const mine = callback.assignee?.id === session.staff.id;

  async function assign(to: 'me' | null) {
    try {
      onChange(
        await api<Callback>('POST', `/api/staff/callbacks/${callback.id}/assignment`, { to }),
      );
      setStatus(to === null ? 'Given back to the queue.' : 'Assigned to you.');
    } catch {
      setStatus('That did not work. Refresh the page and try again.');
    }
  }

  async function complete(event: FormEvent) {
    event.preventDefault();
    try {
      const updated = await api<Callback>('POST', `/api/staff/callbacks/${callback.id}/complete`, {
        note,
      });
      setNoteError(null);
      onChange(updated);
      setStatus('Completed.');
    } catch (error) {
      const message =
        error instanceof ApiError && error.body.fields?.[0]
          ? error.body.fields[0].message
          : 'That did not work. Refresh the page and try again.';
      setNoteError(message);
      document.getElementById(noteId)?.focus();
    }
  }

  async function showDisclosure() {
    try {
      setDisclosure(await api<Disclosure>('GET', `/api/staff/callbacks/${callback.id}/disclosure`));
    } catch {
      setStatus('That could not be shown. Refresh the page and try again.');
    }
  }

  return (
    <li className="callback">
      <section aria-labelledby={headingId}>
        <h2 className="heading-m" id={headingId}>
          Call {spacedPhone(callback.phone)}{' '}
          {callback.status === 'completed' ? (
            <span className="tag tag--success">Completed</span>
          ) : callback.overdue ? (
            <span className="tag tag--warning">Overdue</span>
          ) : (
            <span className="tag">Waiting</span>
          )}
        </h2>
        <dl className="summary-list">
          <Row label="Waiting for">
            {callback.status === 'open' ? ageInWords(callback.ageMinutes) : '–'}
          </Row>
          <Row label="Asked">{formatWhen(callback.createdAt)}</Row>
          <Row label="Due by">
            {formatWhen(callback.dueAt)}
            {callback.overdue ? ' (overdue)' : ''}
          </Row>
          <Row label="A good time">{callback.callTime ?? '–'}</Row>
          <Row label="About">{callback.topic ?? 'Not said'}</Row>
          {callback.about ? <Row label="In their words">{callback.about}</Row> : null}
          {callback.email ? <Row label="E-mail">{callback.email}</Row> : null}
          <Row label="Asked from">{callback.page}</Row>
          <Row label="Application">
            {callback.application ? (
              <Link to={`/applications/${callback.application.id}`}>
                {callback.application.reference ?? `Application ${callback.application.id}`}
              </Link>
            ) : (
              'None yet'
            )}
          </Row>
          <Row label="Assigned to">{callback.assignee ? callback.assignee.email : 'Nobody'}</Row>
          {callback.status === 'completed' ? (
            <>
              <Row label="Completed">
                {callback.completedAt ? formatWhen(callback.completedAt) : '–'} by{' '}
                {callback.completedBy}
              </Row>
              <Row label="Note of the call">{callback.completionNote}</Row>
            </>
          ) : null}
        </dl>
        {callback.hasDisclosure ? (
          disclosure ? (
            <div className="warning-panel">
              <h3 className="heading-s">Something makes this harder for them</h3>
              <ul className="list">
                {disclosure.kinds.map((kind) => (
                  <li key={kind.value}>{kind.label}</li>
                ))}
              </ul>
              {disclosure.note ? <p className="body">In their words: {disclosure.note}</p> : null}
            </div>
          ) : (
            <p className="body">
              They told us something makes this harder for them.{' '}
              <button type="button" className="link-button" onClick={() => void showDisclosure()}>
                Show what they told us
                <span className="visually-hidden"> ({spacedPhone(callback.phone)})</span>
              </button>{' '}
              (your viewing is recorded)
            </p>
          )
        ) : null}
        <p className="visually-hidden" role="status">
          {status}
        </p>
        {mayWork && callback.status === 'open' ? (
          <>
            <div className="button-group">
              {mine ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void assign(null)}
                >
                  Give back
                  <span className="visually-hidden">
                    {' '}
                    the call to {spacedPhone(callback.phone)}
                  </span>
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void assign('me')}
                >
                  Assign to me
                  <span className="visually-hidden">: call {spacedPhone(callback.phone)}</span>
                </button>
              )}
            </div>
            <form noValidate onSubmit={(event) => void complete(event)}>
              <div className={noteError ? 'form-group form-group--error' : 'form-group'}>
                <label className="label" htmlFor={noteId}>
                  Note of the call
                </label>
                {noteError ? (
                  <p id={`${noteId}-error`} className="error-message">
                    <span className="visually-hidden">Error:</span> {noteError}
                  </p>
                ) : null}
                <textarea
                  id={noteId}
                  className="textarea"
                  rows={3}
                  maxLength={2000}
                  value={note}
                  aria-describedby={noteError ? `${noteId}-error` : undefined}
                  aria-invalid={noteError ? true : undefined}
                  onChange={(event) => setNote(event.target.value)}
                />
              </div>
              <button type="submit" className="button">
                Complete
                <span className="visually-hidden"> the call to {spacedPhone(callback.phone)}</span>
              </button>
            </form>
          </>
        ) : null}
      </section>
    </li>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="summary-list__row">
      <dt className="summary-list__key">{label}</dt>
      <dd className="summary-list__value">{children}</dd>
    </div>
  );
}
