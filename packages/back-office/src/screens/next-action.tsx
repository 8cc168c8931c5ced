import { useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from '../api';
import type { Session } from '../api';

/** Today's date in London, YYYY-MM-DD: the day the queue's "Due today" reads. */
export function londonToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

/** A calendar date (YYYY-MM-DD) as the back office shows one, e.g. "3 Mar 2026". */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00.000Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/**
 * A case's next-action date (docs/decisions/0083-the-work-queue.md): set, changed or cleared by
 * agents and admins; auditors read it.
 */
export function NextActionPanel({
  id,
  session,
  initial,
}: {
  id: number;
  session: Session;
  initial: string | null;
}) {
  const [on, setOn] = useState(initial);
  const [value, setValue] = useState(initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const canWork = session.staff.role !== 'auditor';

  async function save(next: string | null) {
    setSaid('');
    try {
      const work = await api<{ nextActionOn: string | null }>(
        'POST',
        `/api/staff/applications/${id}/next-action`,
        { on: next },
      );
      setOn(work.nextActionOn);
      setValue(work.nextActionOn ?? '');
      setError(null);
      setSaid(
        work.nextActionOn
          ? `Next action set for ${formatDay(work.nextActionOn)}`
          : 'Next action cleared',
      );
    } catch (caught) {
      const message =
        caught instanceof ApiError
          ? (caught.body.fields?.[0]?.message ?? caught.body.message)
          : undefined;
      setError(message ?? 'That could not be saved. Reload the page and try again');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (value === '') {
      setError('Enter the next action date');
      return;
    }
    void save(value);
  }

  return (
    <section aria-labelledby="next-action-heading" className="check-answers__section">
      <h2 className="heading-m" id="next-action-heading">
        Next action
      </h2>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <p className="body">
        {on
          ? `Next action due ${formatDay(on)}${on < londonToday() ? ' (overdue)' : on === londonToday() ? ' (today)' : ''}.`
          : 'No next action date.'}
      </p>
      {canWork ? (
        <form noValidate onSubmit={submit}>
          <div className={error ? 'form-group form-group--error' : 'form-group'}>
            <label className="label" htmlFor="next-action">
              Next action date
            </label>
            <div id="next-action-hint" className="hint">
              The case shows in Due today on this date, and in Overdue after it
            </div>
            {error ? (
              <p id="next-action-error" className="error-message" role="alert">
                <span className="visually-hidden">Error:</span> {error}
              </p>
            ) : null}
            <input
              id="next-action"
              name="next-action"
              type="date"
              className={`input input--date${error ? ' input--error' : ''}`}
              value={value}
              aria-describedby={error ? 'next-action-hint next-action-error' : 'next-action-hint'}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <div className="button-group">
            <button type="submit" className="button button--secondary">
              Set next action
            </button>
            {on ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void save(null)}
              >
                Clear next action
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
