import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api } from '../api';
import { FilterDate, FilterSelect, Link, PageHeading } from '../components';
import { navigate, usePath } from '../router';

interface StepCount {
  step: string;
  count: number;
  dropOff: number | null;
  dropOffRate: number | null;
}

interface Funnel {
  from: string;
  to: string;
  filters: { brands: string[]; affiliates: string[]; branches: string[] };
  started: number;
  completed: number;
  completionRate: number | null;
  steps: StepCount[];
  outcomes: { step: string; count: number }[];
  days: { day: string; started: number; completed: number; completionRate: number | null }[];
}

const FILTERS = ['from', 'to', 'brand', 'affiliate', 'branch'] as const;
const BRANCH_NAMES: Record<string, string> = {
  vehicle: 'Vehicle',
  secured: 'Secured',
  joint: 'Joint',
};
const OUTCOME_NAMES: Record<string, string> = {
  complete: 'Approved (thank-you page)',
  declined: 'Declined',
  duplicate: 'Duplicate',
};

/** 'loan-type' → 'Loan type'. */
export function stepName(step: string): string {
  const words = step.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function percent(rate: number | null): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(1)}%`;
}

/**
 * The funnel (docs/funnel.md): how many applications reached each step in a date range, by
 * brand, affiliate and branch; a bar chart drawn in SVG, and the same figures in tables, which
 * are what a screen reader reads (the chart is hidden from it).
 */
export function FunnelScreen() {
  const { search } = usePath();
  const query = search.toString();
  const [form, setForm] = useState(() =>
    Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ''])),
  );
  const [funnel, setFunnel] = useState<Funnel | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    api<Funnel>('GET', `/api/staff/funnel?${query}`)
      .then((body) => {
        setFunnel(body);
        setFailed(null);
        setForm((current) => ({ ...current, from: body.from, to: body.to }));
      })
      .catch((error: { status?: number }) =>
        setFailed(
          error.status === 400
            ? 'Choose a range of at most 366 days, the first date no later than the last.'
            : 'The funnel could not be loaded. Try again.',
        ),
      );
  }, [query]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const name of FILTERS) if (form[name]) params.set(name, form[name]);
    navigate(`/funnel?${params.toString()}`);
  }
  const set = (name: (typeof FILTERS)[number]) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));

  const options = funnel?.filters ?? { brands: [], affiliates: [], branches: [] };
  const largest = Math.max(1, ...(funnel?.steps.map((step) => step.count) ?? []));

  return (
    <>
      <PageHeading>Funnel</PageHeading>
      <p className="body">
        How many applications reached each step. Counted without cookies or any detail of the
        applicant: one count per step per application.
      </p>
      <form className="filters" aria-label="Funnel filters" noValidate onSubmit={submit}>
        <div className="filters__row">
          <FilterDate id="from" label="From" value={form.from} onChange={set('from')} />
          <FilterDate id="to" label="To" value={form.to} onChange={set('to')} />
          <FilterSelect
            id="brand"
            label="Brand"
            value={form.brand}
            onChange={set('brand')}
            options={[
              { value: '', label: 'All brands' },
              ...options.brands.map((brand) => ({ value: brand, label: brand })),
            ]}
          />
          <FilterSelect
            id="affiliate"
            label="Affiliate"
            value={form.affiliate}
            onChange={set('affiliate')}
            options={[
              { value: '', label: 'All affiliates' },
              ...options.affiliates.map((affiliate) => ({ value: affiliate, label: affiliate })),
            ]}
          />
          <FilterSelect
            id="branch"
            label="Journey"
            value={form.branch}
            onChange={set('branch')}
            options={[
              { value: '', label: 'All journeys' },
              ...Object.entries(BRANCH_NAMES).map(([value, label]) => ({ value, label })),
            ]}
          />
        </div>
        <div className="button-group">
          <button type="submit" className="button">
            Show
          </button>
          {query ? (
            <Link to="/funnel" className="link">
              Last 30 days, everything
            </Link>
          ) : null}
        </div>
      </form>

      <div aria-live="polite">
        {failed ? <p className="body">{failed}</p> : null}
        {funnel === null && failed === null ? <p className="body">Loading the funnel…</p> : null}
        {funnel ? (
          <>
            <h2 className="heading-m">
              {funnel.from} to {funnel.to}
            </h2>
            <dl className="summary-figures">
              <div>
                <dt>Started</dt>
                <dd>{funnel.started}</dd>
              </div>
              <div>
                <dt>Reached an outcome</dt>
                <dd>{funnel.completed}</dd>
              </div>
              <div>
                <dt>Completion rate</dt>
                <dd>{percent(funnel.completionRate)}</dd>
              </div>
            </dl>
          </>
        ) : null}
      </div>

      {funnel && funnel.steps.length === 0 ? (
        <p className="body">No application reached a step in this range.</p>
      ) : null}
      {funnel && funnel.steps.length > 0 ? (
        <>
          <figure className="funnel-chart" aria-hidden="true">
            {funnel.steps.map((step) => (
              <div key={step.step} className="funnel-chart__row">
                <span className="funnel-chart__label">{stepName(step.step)}</span>
                <svg className="funnel-chart__bar" height="20" focusable="false">
                  <rect
                    x="0"
                    y="0"
                    height="20"
                    width={`${(step.count / largest) * 100}%`}
                    className="funnel-chart__fill"
                  />
                </svg>
                <span className="funnel-chart__count">{step.count}</span>
              </div>
            ))}
          </figure>
          <table className="table table--stack">
            <caption className="funnel-caption">
              Applications reaching each step, in journey order
            </caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Reached</th>
                <th scope="col">Lost since the step before</th>
                <th scope="col">Drop-off</th>
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((step) => (
                <tr key={step.step}>
                  <th scope="row" data-label="Step">
                    {stepName(step.step)}
                  </th>
                  <td data-label="Reached">{step.count}</td>
                  <td data-label="Lost since the step before">{step.dropOff ?? '–'}</td>
                  <td data-label="Drop-off">{percent(step.dropOffRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="table table--stack">
            <caption className="funnel-caption">Outcomes</caption>
            <thead>
              <tr>
                <th scope="col">Outcome</th>
                <th scope="col">Applications</th>
              </tr>
            </thead>
            <tbody>
              {funnel.outcomes.map((outcome) => (
                <tr key={outcome.step}>
                  <th scope="row" data-label="Outcome">
                    {OUTCOME_NAMES[outcome.step] ?? outcome.step}
                  </th>
                  <td data-label="Applications">{outcome.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="table table--stack">
            <caption className="funnel-caption">By day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Started</th>
                <th scope="col">Reached an outcome</th>
                <th scope="col">Completion rate</th>
              </tr>
            </thead>
            <tbody>
              {funnel.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" data-label="Day">
                    {day.day}
                  </th>
                  <td data-label="Started">{day.started}</td>
                  <td data-label="Reached an outcome">{day.completed}</td>
                  <td data-label="Completion rate">{percent(day.completionRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </>
  );
}
