import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session, StaffMember } from '../api';
import { ErrorSummary, Link, PageHeading } from '../components';
import type { Problem } from '../components';
import { formatWhen } from '../format';
import { usePath } from '../router';
import type { ApplicationSummary } from './home';
import { STATUS_NAMES } from './work';
import { formatDay, londonToday } from './next-action';

/** The saved views (docs/back-office.md "The work queue"), as the server names them. */
export const QUEUE_VIEWS = [
  { id: 'mine', label: 'Mine' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'due-today', label: 'Due today' },
  { id: 'overdue', label: 'Overdue' },
  { id: 'awaiting-documents', label: 'Awaiting documents' },
  { id: 'awaiting-lender', label: 'Awaiting lender' },
] as const;
type ViewId = (typeof QUEUE_VIEWS)[number]['id'];

type Case = ApplicationSummary & { nextActionOn: string | null };

/** The work queue: saved views with counts, the view's cases, and assigning several at once. */
export function QueueScreen({ session }: { session: Session }) {
  const { search } = usePath();
  const asked = search.get('view');
  const view: ViewId = QUEUE_VIEWS.find((known) => known.id === asked)?.id ?? 'mine';
  const after = search.get('after');
  const label = QUEUE_VIEWS.find((known) => known.id === view)!.label;
  const canWork = session.staff.role !== 'auditor';
  const admin = session.staff.role === 'admin';

  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [loads, setLoads] = useState(0);
  // Each answer is kept with the request it answers, so a new view shows "Loading" at once.
  const request = `${view} ${after ?? ''} ${loads}`;
  const [answered, setAnswered] = useState<{
    request: string;
    page: { applications: Case[]; next: number | null } | null;
    failed: boolean;
  } | null>(null);
  const page = answered?.request === request ? answered.page : null;
  const failed = answered?.request === request && answered.failed;
  const [selected, setSelected] = useState<number[]>([]);
  const [members, setMembers] = useState<StaffMember[]>([]);
  const [assignTo, setAssignTo] = useState('me');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [said, setSaid] = useState('');

  useEffect(() => {
    api<{ applications: Case[]; next: number | null }>('POST', '/api/staff/applications/search', {
      view,
      ...(after ? { after: Number(after) } : {}),
    })
      .then((body) => setAnswered({ request, page: body, failed: false }))
      .catch(() => setAnswered({ request, page: null, failed: true }));
    api<Record<string, number>>('GET', '/api/staff/queue/counts')
      .then(setCounts)
      .catch(() => setCounts(null));
  }, [view, after, loads, request]);

  useEffect(() => {
    if (!admin) return;
    api<{ members: StaffMember[] }>('GET', '/api/staff/members')
      .then((body) =>
        setMembers(
          body.members.filter((member) => member.status === 'active' && member.role !== 'auditor'),
        ),
      )
      .catch(() => setMembers([]));
  }, [admin]);

  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );

  async function assign(event: FormEvent) {
    event.preventDefault();
    setSaid('');
    const first = page?.applications[0];
    if (selected.length === 0) {
      setProblems([
        { field: first ? `select-${first.id}` : 'assign-to', message: 'Select at least one case' },
      ]);
      return;
    }
    const to = assignTo === 'nobody' ? null : assignTo;
    try {
      await api('POST', '/api/staff/applications/assignments', { ids: selected, to });
      const whom =
        to === null
          ? 'nobody'
          : to === 'me' || to === session.staff.id
            ? 'you'
            : (members.find((member) => member.id === to)?.name ?? 'the member');
      setSaid(`${selected.length} ${selected.length === 1 ? 'case' : 'cases'} assigned to ${whom}`);
      setProblems([]);
      setSelected([]);
      setLoads((count) => count + 1);
    } catch (error) {
      const message =
        error instanceof ApiError && error.body.message
          ? error.body.message
          : 'The cases could not be assigned. Reload the page and try again';
      setProblems([{ field: 'assign-to', message }]);
    }
  }

  const today = londonToday();
  const nextParams = new URLSearchParams({ view });
  if (page?.next) nextParams.set('after', String(page.next));

  return (
    <>
      <PageHeading>Work queue</PageHeading>
      <ErrorSummary problems={problems} />
      <nav aria-label="Saved views">
        <ul className="views">
          {QUEUE_VIEWS.map((known) => (
            <li key={known.id} className="views__item">
              <Link
                to={`/queue?view=${known.id}`}
                className="views__link"
                aria-current={known.id === view ? 'page' : undefined}
              >
                {known.label}{' '}
                <span className="views__count">
                  {counts ? String(counts[known.id] ?? 0) : '…'}
                  <span className="visually-hidden">
                    {' '}
                    {counts?.[known.id] === 1 ? 'case' : 'cases'}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="heading-m">{label}</h2>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {said ? <p className="body notice">{said}</p> : null}

      <div aria-live="polite" aria-busy={page === null && !failed}>
        {failed ? <p className="body">The cases could not be loaded. Try again.</p> : null}
        {page === null && !failed ? <p className="body">Loading cases…</p> : null}
        {page && page.applications.length === 0 ? (
          <p className="body">No cases in this view.</p>
        ) : null}
        {page && page.applications.length > 0 ? (
          <form noValidate onSubmit={(event) => void assign(event)}>
            <table className="table table--stack">
              <caption className="visually-hidden">Cases: {label}</caption>
              <thead>
                <tr>
                  {canWork ? (
                    <th scope="col">
                      <span className="visually-hidden">Select</span>
                    </th>
                  ) : null}
                  <th scope="col">Applicant</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Status</th>
                  <th scope="col">Next action</th>
                  <th scope="col">Assigned</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {page.applications.map((row) => {
                  const name = row.name ?? 'No name given';
                  return (
                    <tr key={row.id}>
                      {canWork ? (
                        <td>
                          <input
                            type="checkbox"
                            className="queue__check"
                            id={`select-${row.id}`}
                            checked={selected.includes(row.id)}
                            onChange={() => toggle(row.id)}
                          />
                          <label htmlFor={`select-${row.id}`} className="visually-hidden">
                            Select {name}
                            {row.reference ? `, ${row.reference}` : ''}
                          </label>
                        </td>
                      ) : null}
                      <td data-label="Applicant">
                        <Link to={`/applications/${row.id}`} className="link">
                          {name}
                        </Link>
                      </td>
                      <td data-label="Reference">{row.reference ?? 'None'}</td>
                      <td data-label="Status">{STATUS_NAMES[row.workStatus] ?? row.workStatus}</td>
                      <td data-label="Next action">
                        {row.nextActionOn ? formatDay(row.nextActionOn) : 'None'}
                        {row.nextActionOn && row.nextActionOn < today ? (
                          <>
                            {' '}
                            <span className="tag tag--warning">Overdue</span>
                          </>
                        ) : null}
                        {row.nextActionOn === today ? (
                          <>
                            {' '}
                            <span className="tag">Today</span>
                          </>
                        ) : null}
                      </td>
                      <td data-label="Assigned">
                        {row.assignedTo === null
                          ? 'Nobody'
                          : row.assignedTo === session.staff.id
                            ? 'You'
                            : (members.find((member) => member.id === row.assignedTo)?.name ??
                              'Someone else')}
                      </td>
                      <td data-label="Received">{formatWhen(row.createdAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {canWork ? (
              <fieldset className="fieldset bulk">
                <legend className="fieldset__legend">Assign the selected cases</legend>
                <p className="body" aria-live="polite">
                  {selected.length} {selected.length === 1 ? 'case' : 'cases'} selected
                </p>
                {admin ? (
                  <div className="filters__row">
                    <div className="form-group">
                      <label className="label" htmlFor="assign-to">
                        Assign to
                      </label>
                      <select
                        id="assign-to"
                        className="select"
                        value={assignTo}
                        onChange={(event) => setAssignTo(event.target.value)}
                      >
                        <option value="me">Me</option>
                        {members
                          .filter((member) => member.id !== session.staff.id)
                          .map((member) => (
                            <option key={member.id} value={member.id}>
                              {member.name} ({member.email})
                            </option>
                          ))}
                        <option value="nobody">Nobody (unassign)</option>
                      </select>
                    </div>
                    <div className="form-group form-group--bottom">
                      <button type="submit" className="button">
                        Assign
                      </button>
                    </div>
                  </div>
                ) : (
                  <button type="submit" id="assign-to" className="button">
                    Assign to me
                  </button>
                )}
              </fieldset>
            ) : null}
          </form>
        ) : null}
        {page?.next ? (
          <p className="body">
            <Link to={`/queue?${nextParams.toString()}`} className="link">
              Older cases
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
