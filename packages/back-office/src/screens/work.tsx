import { useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary } from '../components';
import type { Problem } from '../components';
import { formatWhen } from '../format';

export interface Work {
  status: string;
  nextStatuses: string[];
  nextActionOn: string | null;
  assignee: { id: string; name: string | null; email: string | null } | null;
  activity: {
    id: number;
    at: string;
    by: string;
    kind: 'note' | 'status' | 'assignment' | 'message' | 'complaint';
    text: string;
  }[];
}

export const STATUS_NAMES: Record<string, string> = {
  new: 'New',
  contacted: 'Contacted',
  'awaiting-documents': 'Awaiting documents',
  referred: 'Referred to lender',
  completed: 'Completed',
  withdrawn: 'Withdrawn',
  'not-proceeding': 'Not proceeding',
};

export const CHOOSE_STATUS = 'Choose the new status';

function describe(entry: Work['activity'][number]): string {
  if (entry.kind === 'status') return `Status: ${STATUS_NAMES[entry.text] ?? entry.text}`;
  if (entry.kind === 'assignment')
    return entry.text === '' ? 'Unassigned' : `Assigned to ${entry.text}`;
  if (entry.kind === 'message') return `E-mail sent to the applicant: ${entry.text}`;
  return entry.text;
}

/** Status, assignee, notes and the timeline of one application; read-only for auditors. */
export function WorkPanel({
  id,
  session,
  initial,
}: {
  id: number;
  session: Session;
  initial: Work;
}) {
  const [work, setWork] = useState(initial);
  // Nothing is chosen for the member: one click must not move the case on.
  const [next, setNext] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const canWork = session.staff.role !== 'auditor';

  async function act(path: string, body: unknown, done: string, field: string) {
    try {
      const updated = await api<Work>('POST', `/api/staff/applications/${id}/${path}`, body);
      setWork(updated);
      setNext('');
      setProblems([]);
      setSaid(done);
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? error.body.fields : undefined;
      setProblems(
        fields?.map((problem) => ({ field: 'note', message: problem.message })) ?? [
          { field, message: 'That could not be saved. Reload the page and try again' },
        ],
      );
      setSaid(null);
      return false;
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault();
    if (await act('notes', { text: note }, 'Note added', 'note')) setNote('');
  }

  const noteError = problems.find((problem) => problem.field === 'note')?.message;
  const statusError = problems.find((problem) => problem.field === 'status')?.message;
  const mine = work.assignee?.id === session.staff.id;
  return (
    <section aria-labelledby="work-heading" className="check-answers__section">
      <h2 className="heading-m" id="work-heading">
        Work
      </h2>
      <ErrorSummary problems={problems} />
      <p className="visually-hidden" role="status">
        {said ?? ''}
      </p>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">Status</dt>
          <dd className="summary-list__value">{STATUS_NAMES[work.status] ?? work.status}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Assigned to</dt>
          <dd className="summary-list__value">
            {work.assignee
              ? `${work.assignee.name ?? ''} (${work.assignee.email ?? ''})`
              : 'Nobody'}
          </dd>
        </div>
      </dl>
      {canWork ? (
        <>
          <div className="button-group">
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                void act(
                  'assignment',
                  { to: mine ? null : 'me' },
                  mine ? 'Unassigned' : 'Assigned to you',
                  'assign',
                )
              }
            >
              {mine ? 'Unassign' : 'Assign to me'}
            </button>
          </div>
          {work.nextStatuses.length > 0 ? (
            <form
              className="filters__row"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (next === '') {
                  setProblems([{ field: 'status', message: CHOOSE_STATUS }]);
                  setSaid(null);
                  return;
                }
                void act(
                  'status',
                  { status: next },
                  `Status changed to ${STATUS_NAMES[next] ?? next}`,
                  'status',
                );
              }}
            >
              <div className={statusError ? 'form-group form-group--error' : 'form-group'}>
                <label className="label" htmlFor="status">
                  New status
                </label>
                {statusError ? (
                  <p id="status-error" className="error-message">
                    <span className="visually-hidden">Error:</span> {statusError}
                  </p>
                ) : null}
                <select
                  id="status"
                  className={statusError ? 'select select--error' : 'select'}
                  value={next}
                  aria-describedby={statusError ? 'status-error' : undefined}
                  aria-invalid={statusError ? true : undefined}
                  onChange={(event) => setNext(event.target.value)}
                >
                  <option value="">Choose a status</option>
                  {work.nextStatuses.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_NAMES[status] ?? status}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-group form-group--bottom">
                <button type="submit" className="button">
                  Change status
                </button>
              </div>
            </form>
          ) : null}
          <form noValidate onSubmit={(event) => void addNote(event)}>
            <div className={noteError ? 'form-group form-group--error' : 'form-group'}>
              <label className="label" htmlFor="note">
                Add a note
              </label>
              {noteError ? (
                <p id="note-error" className="error-message">
                  <span className="visually-hidden">Error:</span> {noteError}
                </p>
              ) : null}
              <textarea
                id="note"
                className="textarea"
                rows={3}
                maxLength={2000}
                value={note}
                aria-describedby={noteError ? 'note-error' : undefined}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--secondary">
              Add note
            </button>
          </form>
        </>
      ) : null}
      <h3 className="heading-s">History</h3>
      {work.activity.length === 0 ? (
        <p className="body">Nothing yet.</p>
      ) : (
        <ol className="timeline">
          {work.activity.map((entry) => (
            <li key={entry.id} className="timeline__item">
              <p className="timeline__what">{describe(entry)}</p>
              <p className="timeline__who">
                {entry.by}, {formatWhen(entry.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
