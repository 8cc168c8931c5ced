import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, apiText } from '../api';
import type { Session } from '../api';
import { FilterDate, FilterSelect, Link, PageHeading } from '../components';
import type { FilterOption } from '../components';
import { historyState, navigate, usePath } from '../router';
import { STATUS_NAMES } from './work';
import { BRANCH_NAMES, formatWhen, named, OUTCOME_NAMES } from '../format';
import { ContactLinks } from './contact';

export interface ApplicationSummary {
  id: number;
  applicationId: string | null;
  /** The short reference read over the phone (docs/decisions/0030-application-reference.md). */
  reference: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  postcode: string | null;
  outcome: 'approved' | 'declined' | 'duplicate' | 'abandoned';
  declineReason: string | null;
  journey: 'vehicle' | 'secured' | 'joint';
  brand: string | null;
  affiliate: string | null;
  loanAmount: number | null;
  createdAt: string;
  needsAttention: boolean;
  workStatus: string;
  assignedTo: string | null;
  /** A possible duplicate: the earlier application it matched (decision 0051). */
  duplicateOf: { id: number; reference: string | null } | null;
  duplicateReleasedAt: string | null;
}

/**
 * The filters, in the address; the search text is not: it is sent in the body of a POST and
 * kept in the history entry's state (docs/decisions/0052-search-texts-off-the-url.md).
 */
const FILTERS = ['outcome', 'journey', 'assigned', 'from', 'to'] as const;
type Form = Record<(typeof FILTERS)[number] | 'q', string>;
const OUTCOME_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'Any' },
  ...Object.entries(OUTCOME_NAMES).map(([value, label]) => ({ value, label })),
];
const JOURNEY_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'Any' },
  ...Object.entries(BRANCH_NAMES).map(([value, label]) => ({ value, label })),
];
const ASSIGNED_OPTIONS: readonly FilterOption[] = [
  { value: '', label: 'To anyone or nobody' },
  { value: 'me', label: 'To me' },
  { value: 'none', label: 'Unassigned' },
];
const OUTCOME_TAG: Record<ApplicationSummary['outcome'], string> = {
  approved: 'tag tag--success',
  declined: 'tag tag--warning',
  duplicate: 'tag tag--grey',
  abandoned: 'tag tag--grey',
};

/** What the list's POST takes: the filters, the search text and the page. */
function listBody(form: Form, after: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of [...FILTERS, 'q'] as const) if (form[name]) body[name] = form[name];
  if (after) body.after = Number(after);
  return body;
}

function formFrom(search: URLSearchParams): Form {
  const q = historyState().q;
  return {
    ...(Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ''])) as Record<
      (typeof FILTERS)[number],
      string
    >),
    q: typeof q === 'string' ? q : '',
  };
}

/** The applications list: one search box, filters, newest first, 25 a page (docs/back-office.md). */
export function Home({ session }: { session: Session }) {
  const { search } = usePath();
  const shown = formFrom(search);
  const query = JSON.stringify(listBody(shown, search.get('after')));
  const [form, setForm] = useState<Form>(() => shown);
  // The answer is kept with the query it answers, so a new query shows "Loading" at once.
  const [answered, setAnswered] = useState<{
    query: string;
    body: { applications: ApplicationSummary[]; next: number | null };
  } | null>(null);
  const result = answered?.query === query ? answered.body : null;
  const [failed, setFailed] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);

  useEffect(() => {
    api<{ applications: ApplicationSummary[]; next: number | null }>(
      'POST',
      '/api/staff/applications/search',
      JSON.parse(query) as unknown,
    )
      .then((body) => {
        setAnswered({ query, body });
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [query]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const name of FILTERS) if (form[name]) params.set(name, form[name]);
    navigate(`/?${params.toString()}`, { state: { q: form.q } });
  }

  // The export takes the same filters and text, every page (admins only: docs/back-office.md
  // "Export"), and arrives as a file the browser saves.
  async function exportCsv() {
    setExportFailed(false);
    try {
      const csv = await apiText('/api/staff/applications/export', listBody(shown, null));
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'applications.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      setExportFailed(true);
    }
  }

  const set = (name: keyof Form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));
  const searching = FILTERS.some((name) => search.get(name)) || shown.q !== '';
  const nextParams = new URLSearchParams(search);
  if (result?.next) nextParams.set('after', String(result.next));

  return (
    <>
      <PageHeading>Applications</PageHeading>
      <p className="body">Signed in as {session.staff.email}.</p>
      <form
        className="filters"
        role="search"
        aria-label="Applications"
        noValidate
        onSubmit={submit}
      >
        <div className="form-group filters__search">
          <label className="label" htmlFor="q">
            Search
          </label>
          <div id="q-hint" className="hint">
            Name, e-mail address, phone number, postcode, reference or application id
          </div>
          <input
            id="q"
            name="q"
            type="search"
            className="input"
            aria-describedby="q-hint"
            value={form.q}
            onChange={set('q')}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
        <div className="filters__row">
          <FilterSelect
            id="outcome"
            label="Outcome"
            value={form.outcome}
            onChange={set('outcome')}
            options={OUTCOME_OPTIONS}
          />
          <FilterSelect
            id="journey"
            label="Journey"
            value={form.journey}
            onChange={set('journey')}
            options={JOURNEY_OPTIONS}
          />
          <FilterSelect
            id="assigned"
            label="Assigned"
            value={form.assigned}
            onChange={set('assigned')}
            options={ASSIGNED_OPTIONS}
          />
          <FilterDate id="from" label="From" value={form.from} onChange={set('from')} />
          <FilterDate id="to" label="To" value={form.to} onChange={set('to')} />
        </div>
        <div className="button-group">
          <button type="submit" className="button">
            Search
          </button>
          {searching ? (
            <Link to="/" className="link">
              Clear search
            </Link>
          ) : null}
          {session.staff.role === 'admin' ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportCsv()}
            >
              Export as CSV
            </button>
          ) : null}
        </div>
        {exportFailed ? (
          <p className="body" role="alert">
            The export could not be made. Narrow the search and try again.
          </p>
        ) : null}
      </form>

      <div aria-live="polite" aria-busy={result === null && !failed}>
        {failed ? <p className="body">The applications could not be loaded. Try again.</p> : null}
        {result === null && !failed ? <p className="body">Loading applications…</p> : null}
        {result && result.applications.length === 0 ? (
          <p className="body">No applications match.</p>
        ) : null}
        {result && result.applications.length > 0 ? (
          <table className="table table--stack">
            <caption className="visually-hidden">Applications, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Applicant</th>
                <th scope="col">Reference</th>
                <th scope="col">Outcome</th>
                <th scope="col">Status</th>
                <th scope="col">Journey</th>
                <th scope="col">Received</th>
                <th scope="col">Contact</th>
              </tr>
            </thead>
            <tbody>
              {result.applications.map((application) => (
                <tr key={application.id}>
                  <td data-label="Applicant">
                    <Link to={`/applications/${application.id}`} className="link">
                      {application.name ?? 'No name given'}
                    </Link>
                    {application.needsAttention ? (
                      <>
                        {' '}
                        <span className="tag tag--warning">Needs</span>
                      </>
                    ) : null}
                  </td>
                  <td data-label="Reference">{application.reference ?? 'None'}</td>
                  <td data-label="Outcome">
                    <span className={OUTCOME_TAG[application.outcome]}>
                      {named(OUTCOME_NAMES, application.outcome)}
                    </span>
                    {application.declineReason ? ` (${application.declineReason})` : null}
                    {application.outcome === 'duplicate' && application.duplicateOf ? (
                      <>
                        {' of '}
                        <Link to={`/applications/${application.duplicateOf.id}`} className="link">
                          {application.duplicateOf.reference ?? 'an earlier application'}
                        </Link>
                      </>
                    ) : null}
                  </td>
                  <td data-label="Status">
                    {STATUS_NAMES[application.workStatus] ?? application.workStatus}
                    {application.assignedTo === session.staff.id ? ' (yours)' : ''}
                  </td>
                  <td data-label="Journey">{named(BRANCH_NAMES, application.journey)}</td>
                  <td data-label="Received" className="nowrap">
                    {formatWhen(application.createdAt)}
                  </td>
                  <td data-label="Contact">
                    <ContactLinks
                      email={application.email}
                      phone={application.phone}
                      postcode={application.postcode}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {result?.next ? (
          <p className="body">
            <Link to={`/?${nextParams.toString()}`} state={{ q: shown.q }} className="link">
              Older applications
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
