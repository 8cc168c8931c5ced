import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary, Link, PageHeading } from '../components';
import type { Problem } from '../components';

export interface Complaint {
  id: number;
  applicationId: number | null;
  reference: string | null;
  receivedOn: string;
  deadlineOn: string;
  categoryName: string;
  summary: string | null;
  personalDataRemoved: boolean;
  loggedBy: string;
  finalResponseOn: string | null;
  outcomeName: string | null;
  respondedBy: string | null;
  standing: 'answered' | 'overdue' | 'due-soon' | 'open';
  daysLeft: number;
}

/** Kept in step with the server's list (staff/complaints.ts), which refuses any other. */
const CATEGORIES: readonly [string, string][] = [
  ['arranging', 'How the finance was arranged or sold'],
  ['commission', 'Commission or what we disclosed'],
  ['service', 'Our service or how we handled the application'],
  ['data-protection', 'How we used personal data'],
  ['other', 'Something else'],
];
const OUTCOMES: readonly [string, string][] = [
  ['upheld', 'Upheld'],
  ['partly-upheld', 'Partly upheld'],
  ['not-upheld', 'Not upheld'],
];

/** A calendar date (YYYY-MM-DD) as the back office shows dates: "5 May 2026". */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/** Where a complaint stands, in words and a tag colour. */
export function Standing({ complaint }: { complaint: Complaint }) {
  switch (complaint.standing) {
    case 'answered':
      return <span className="tag tag--success">Answered</span>;
    case 'overdue':
      return <span className="tag tag--error">Overdue by {days(-complaint.daysLeft)}</span>;
    case 'due-soon':
      return (
        <span className="tag tag--warning">
          {complaint.daysLeft === 0 ? 'Due today' : `Due soon: ${days(complaint.daysLeft)} left`}
        </span>
      );
    case 'open':
      return <span className="tag tag--grey">{days(complaint.daysLeft)} left</span>;
  }
}

function problemsFrom(error: unknown, fallbackField: string): Problem[] {
  if (error instanceof ApiError && error.body.fields) {
    return error.body.fields.map((field) => ({ field: field.path, message: field.message }));
  }
  if (error instanceof ApiError && error.body.message) {
    return [{ field: fallbackField, message: error.body.message }];
  }
  return [
    { field: fallbackField, message: 'That could not be saved. Reload the page and try again' },
  ];
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="error-message">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  ) : null;
}

/** The final response to one complaint: its date and outcome. */
function ResponseForm({
  complaint,
  onRecorded,
}: {
  complaint: Complaint;
  onRecorded: (complaints: Complaint[]) => void;
}) {
  const [date, setDate] = useState('');
  const [outcome, setOutcome] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const prefix = `response-${complaint.id}`;
  const error = (field: string) => problems.find((problem) => problem.field === field)?.message;

  async function record(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await api<{ complaints: Complaint[] }>(
        'POST',
        `/api/staff/complaints/${complaint.id}/response`,
        { finalResponseOn: date, outcome },
      );
      setProblems([]);
      onRecorded(answer.complaints);
    } catch (failure) {
      setProblems(
        problemsFrom(failure, 'finalResponseOn').map((problem) => ({
          ...problem,
          field: `${prefix}-${problem.field}`,
        })),
      );
    }
  }

  const dateError = error(`${prefix}-finalResponseOn`);
  const outcomeError = error(`${prefix}-outcome`);
  return (
    <form
      noValidate
      onSubmit={(event) => void record(event)}
      aria-label="Record the final response"
    >
      <ErrorSummary problems={problems} />
      <div className="filters__row">
        <div className={dateError ? 'form-group form-group--error' : 'form-group'}>
          <label className="label" htmlFor={`${prefix}-finalResponseOn`}>
            Date of the final response
          </label>
          <FieldError id={`${prefix}-finalResponseOn`} message={dateError} />
          <input
            id={`${prefix}-finalResponseOn`}
            type="date"
            className="input input--date"
            value={date}
            aria-describedby={dateError ? `${prefix}-finalResponseOn-error` : undefined}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className={outcomeError ? 'form-group form-group--error' : 'form-group'}>
          <label className="label" htmlFor={`${prefix}-outcome`}>
            Outcome
          </label>
          <FieldError id={`${prefix}-outcome`} message={outcomeError} />
          <select
            id={`${prefix}-outcome`}
            className="select"
            value={outcome}
            aria-describedby={outcomeError ? `${prefix}-outcome-error` : undefined}
            onChange={(event) => setOutcome(event.target.value)}
          >
            <option value="">Choose</option>
            {OUTCOMES.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-group form-group--bottom">
          <button type="submit" className="button button--secondary">
            Record the final response
          </button>
        </div>
      </div>
    </form>
  );
}

/** The case's complaints, and for agents and admins, logging one and its final response. */
export function ComplaintsPanel({
  id,
  session,
  onChanged,
}: {
  id: number;
  session: Session;
  onChanged: () => void;
}) {
  const [complaints, setComplaints] = useState<Complaint[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [receivedOn, setReceivedOn] = useState('');
  const [category, setCategory] = useState('');
  const [summary, setSummary] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const canWork = session.staff.role !== 'auditor';

  useEffect(() => {
    api<{ complaints: Complaint[] }>('GET', `/api/staff/applications/${id}/complaints`)
      .then((answer) => setComplaints(answer.complaints))
      .catch(() => setFailed(true));
  }, [id]);

  async function log(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await api<{ complaints: Complaint[] }>(
        'POST',
        `/api/staff/applications/${id}/complaints`,
        { receivedOn, category, summary },
      );
      setComplaints(answer.complaints);
      setProblems([]);
      setReceivedOn('');
      setCategory('');
      setSummary('');
      setSaid('Complaint logged');
      onChanged();
    } catch (error) {
      setProblems(
        problemsFrom(error, 'receivedOn').map((problem) => ({
          ...problem,
          field: `complaint-${problem.field}`,
        })),
      );
      setSaid(null);
    }
  }

  const error = (field: string) =>
    problems.find((problem) => problem.field === `complaint-${field}`)?.message;
  return (
    <section aria-labelledby="complaints-heading" className="check-answers__section">
      <h2 className="heading-m" id="complaints-heading">
        Complaints
      </h2>
      <p className="visually-hidden" role="status">
        {said ?? ''}
      </p>
      {failed ? <p className="body">The complaints could not be loaded. Reload the page.</p> : null}
      {complaints && complaints.length === 0 ? <p className="body">No complaints.</p> : null}
      {complaints?.map((complaint) => (
        <div key={complaint.id} className="complaint">
          <h3 className="heading-s">
            Complaint received {formatDay(complaint.receivedOn)} <Standing complaint={complaint} />
          </h3>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt className="summary-list__key">About</dt>
              <dd className="summary-list__value">{complaint.categoryName}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Summary</dt>
              <dd className="summary-list__value">
                {complaint.summary ?? 'Removed with the person’s data'}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Final response due by</dt>
              <dd className="summary-list__value">{formatDay(complaint.deadlineOn)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">Logged by</dt>
              <dd className="summary-list__value break">{complaint.loggedBy}</dd>
            </div>
            {complaint.finalResponseOn ? (
              <div className="summary-list__row">
                <dt className="summary-list__key">Final response</dt>
                <dd className="summary-list__value">
                  {formatDay(complaint.finalResponseOn)}
                  {complaint.finalResponseOn > complaint.deadlineOn
                    ? ' (after the deadline)'
                    : ''}: {complaint.outcomeName} ({complaint.respondedBy})
                </dd>
              </div>
            ) : null}
          </dl>
          {canWork && complaint.finalResponseOn === null ? (
            <ResponseForm
              complaint={complaint}
              onRecorded={(next) => {
                setComplaints(next);
                setSaid('Final response recorded');
                onChanged();
              }}
            />
          ) : null}
        </div>
      ))}
      {canWork ? (
        <details className="details">
          <summary className="details__summary">Log a complaint</summary>
          <form noValidate onSubmit={(event) => void log(event)} className="details__text">
            <ErrorSummary problems={problems} />
            <div className={error('receivedOn') ? 'form-group form-group--error' : 'form-group'}>
              <label className="label" htmlFor="complaint-receivedOn">
                Date received
              </label>
              <div id="complaint-receivedOn-hint" className="hint">
                The day the complaint reached us, by any means. The final response is due 8 weeks
                later.
              </div>
              <FieldError id="complaint-receivedOn" message={error('receivedOn')} />
              <input
                id="complaint-receivedOn"
                type="date"
                className="input input--date"
                value={receivedOn}
                aria-describedby={
                  error('receivedOn')
                    ? 'complaint-receivedOn-hint complaint-receivedOn-error'
                    : 'complaint-receivedOn-hint'
                }
                onChange={(event) => setReceivedOn(event.target.value)}
              />
            </div>
            <div className={error('category') ? 'form-group form-group--error' : 'form-group'}>
              <label className="label" htmlFor="complaint-category">
                What it is about
              </label>
              <FieldError id="complaint-category" message={error('category')} />
              <select
                id="complaint-category"
                className="select"
                value={category}
                aria-describedby={error('category') ? 'complaint-category-error' : undefined}
                onChange={(event) => setCategory(event.target.value)}
              >
                <option value="">Choose</option>
                {CATEGORIES.map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className={error('summary') ? 'form-group form-group--error' : 'form-group'}>
              <label className="label" htmlFor="complaint-summary">
                Summary of the complaint
              </label>
              <FieldError id="complaint-summary" message={error('summary')} />
              <textarea
                id="complaint-summary"
                className="textarea"
                rows={4}
                maxLength={2000}
                value={summary}
                aria-describedby={error('summary') ? 'complaint-summary-error' : undefined}
                onChange={(event) => setSummary(event.target.value)}
              />
            </div>
            <button type="submit" className="button button--secondary">
              Log the complaint
            </button>
          </form>
        </details>
      ) : null}
    </section>
  );
}

/** The complaints register: every complaint, open ones by deadline first (docs/back-office.md). */
export function ComplaintsRegisterScreen() {
  const [complaints, setComplaints] = useState<Complaint[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<{ complaints: Complaint[] }>('GET', '/api/staff/complaints')
      .then((answer) => setComplaints(answer.complaints))
      .catch(() => setFailed(true));
  }, []);
  const open = complaints?.filter((complaint) => complaint.standing !== 'answered') ?? [];
  const overdue = open.filter((complaint) => complaint.standing === 'overdue').length;
  const soon = open.filter((complaint) => complaint.standing === 'due-soon').length;
  return (
    <>
      <PageHeading>Complaints register</PageHeading>
      <p className="body">
        Every complaint logged on a case. A final response is due 8 weeks after a complaint was
        received; a complaint is due soon from 14 days before.
      </p>
      {failed ? <p className="body">The register could not be loaded. Try again.</p> : null}
      {complaints === null && !failed ? <p className="body">Loading the register…</p> : null}
      {complaints ? (
        <p className="body">
          {open.length} open ({overdue} overdue, {soon} due soon), {complaints.length - open.length}{' '}
          answered.
        </p>
      ) : null}
      {complaints && complaints.length > 0 ? (
        <table className="table table--stack">
          <caption className="visually-hidden">
            Complaints, open ones by deadline first, then answered ones
          </caption>
          <thead>
            <tr>
              <th scope="col">Application</th>
              <th scope="col">Received</th>
              <th scope="col">About</th>
              <th scope="col">Final response due</th>
              <th scope="col">Where it stands</th>
              <th scope="col">Final response</th>
            </tr>
          </thead>
          <tbody>
            {complaints.map((complaint) => (
              <tr key={complaint.id}>
                <td data-label="Application">
                  {complaint.applicationId !== null ? (
                    <Link to={`/applications/${complaint.applicationId}`} className="link">
                      {complaint.reference ?? 'Not completed'}
                    </Link>
                  ) : (
                    `${complaint.reference ?? 'Not completed'} (erased)`
                  )}
                </td>
                <td data-label="Received">{formatDay(complaint.receivedOn)}</td>
                <td data-label="About">{complaint.categoryName}</td>
                <td data-label="Final response due">{formatDay(complaint.deadlineOn)}</td>
                <td data-label="Where it stands">
                  <Standing complaint={complaint} />
                </td>
                <td data-label="Final response">
                  {complaint.finalResponseOn
                    ? `${formatDay(complaint.finalResponseOn)}, ${complaint.outcomeName ?? ''}`
                    : 'None yet'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {complaints && complaints.length === 0 ? <p className="body">No complaints.</p> : null}
    </>
  );
}
