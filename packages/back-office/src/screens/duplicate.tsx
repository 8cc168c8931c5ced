import { useEffect, useRef, useState } from 'react';
import { api } from '../api';
import type { Session } from '../api';
import { Link } from '../components';
import { formatWhen } from '../format';

export interface DuplicateFacts {
  outcome: string;
  duplicateOf: { id: number; reference: string | null } | null;
  duplicateReleasedAt: string | null;
  /** Later applications found to be possible duplicates of this one. */
  duplicates: { id: number; reference: string | null; released: boolean }[];
}

/**
 * A possible duplicate and its release (docs/decisions/0051-duplicates-stored-linked-released.md):
 * the link to the earlier application, what releasing does, and the button for agents and
 * admins; on the earlier application, its later possible duplicates.
 */
export function DuplicatePanel({
  id,
  session,
  facts,
  onReleased,
}: {
  id: number;
  session: Session;
  facts: DuplicateFacts;
  onReleased: () => void;
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const [released, setReleased] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const canRelease = session.staff.role !== 'auditor';
  const reloaded = released !== null && facts.outcome !== 'duplicate';

  // Once the page shows the released application (the button is gone), the message takes focus.
  useEffect(() => {
    if (reloaded) statusRef.current?.focus();
  }, [reloaded]);

  async function release() {
    setState('sending');
    try {
      const answer = await api<{ outcome: string }>(
        'POST',
        `/api/staff/applications/${id}/release`,
      );
      setReleased(
        `Released. The lender panel’s decision: ${answer.outcome}. It is being sent to the broker’s systems now.`,
      );
      setState('idle');
      onReleased();
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      {released ? (
        <div className="notice" role="status" tabIndex={-1} ref={statusRef}>
          <p className="body">{released}</p>
        </div>
      ) : null}
      {facts.outcome === 'duplicate' ? (
        <section className="warning-panel" aria-labelledby="duplicate-heading">
          <h2 className="heading-m" id="duplicate-heading">
            Possible duplicate
          </h2>
          <p className="body">
            The same date of birth, e-mail address and phone number as{' '}
            {facts.duplicateOf ? (
              <Link to={`/applications/${facts.duplicateOf.id}`} className="link">
                application {facts.duplicateOf.reference ?? facts.duplicateOf.id}
              </Link>
            ) : (
              'an earlier application, since deleted'
            )}
            , within the duplicate window. The applicant was told their application is a duplicate.
            It has not been sent to lenders or the broker’s systems.
          </p>
          <p className="body">
            If it is someone else, or they should be served anyway, release it: it then takes the
            lender panel’s decision and is sent.
          </p>
          {state === 'failed' ? (
            <p className="error-message" role="alert">
              It could not be released. Reload the page and try again.
            </p>
          ) : null}
          {canRelease ? (
            <button
              type="button"
              className="button"
              disabled={state === 'sending'}
              onClick={() => void release()}
            >
              Release this application
            </button>
          ) : null}
        </section>
      ) : null}
      {facts.duplicateReleasedAt ? (
        <p className="body">
          Released from possible duplicate on {formatWhen(facts.duplicateReleasedAt)}
          {facts.duplicateOf ? (
            <>
              {' '}
              (it matched{' '}
              <Link to={`/applications/${facts.duplicateOf.id}`} className="link">
                application {facts.duplicateOf.reference ?? facts.duplicateOf.id}
              </Link>
              )
            </>
          ) : null}
          .
        </p>
      ) : null}
      {facts.duplicates.length > 0 ? (
        <section aria-labelledby="later-duplicates-heading">
          <h2 className="heading-m" id="later-duplicates-heading">
            Later possible duplicates of this application
          </h2>
          <ul className="list">
            {facts.duplicates.map((later) => (
              <li key={later.id}>
                <Link to={`/applications/${later.id}`} className="link">
                  Application {later.reference ?? later.id}
                </Link>
                {later.released ? ' (released)' : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
