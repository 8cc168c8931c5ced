import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { ErrorSummary, Link, PageHeading, SelectInput, TextArea, TextInput } from '../components';
import type { FilterOption, Problem } from '../components';

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
const CATEGORIES: readonly FilterOption[] = [
  { value: '', label: 'Choose' },
  { value: 'arranging', label: 'How the finance was arranged or sold' },
  { value: 'commission', label: 'Commission or what we disclosed' },
  { value: 'service', label: 'Our service or how we handled the application' },
  { value: 'data-protection', label: 'How we used personal data' },
  { value: 'other', label: 'Something else' },
];
const OUTCOMES: readonly FilterOption[] = [
  { value: '', label: 'Choose' },
  { value: 'upheld', label: 'Upheld' },
  { value: 'partly-upheld', label: 'Partly upheld' },
  { value: 'not-upheld', label: 'Not upheld' },
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
        <TextInput
          id={`${prefix}-finalResponseOn`}
          label="Date of the final response"
          type="date"
          className="input--date"
          error={dateError}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <SelectInput
          id={`${prefix}-outcome`}
          label="Outcome"
          error={outcomeError}
          value={outcome}
          options={OUTCOMES}
          onChange={(event) => setOutcome(event.target.value)}
        />
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
            <TextInput
              id="complaint-receivedOn"
              label="Date received"
              hint="The day the complaint reached us, by any means. The final response is due 8 weeks later."
              type="date"
              className="input--date"
              error={error('receivedOn')}
              value={receivedOn}
              onChange={(event) => setReceivedOn(event.target.value)}
            />
            <SelectInput
              id="complaint-category"
              label="What it is about"
              error={error('category')}
              value={category}
              options={CATEGORIES}
              onChange={(event) => setCategory(event.target.value)}
            />
            <TextArea
              id="complaint-summary"
              label="Summary of the complaint"
              error={error('summary')}
              rows={4}
              maxLength={2000}
              value={summary}
              onChange={(event) => setSummary(event.target.value)}
            />
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
