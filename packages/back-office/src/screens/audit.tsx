import { useEffect, useState } from 'react';
import { api } from '../api';
import { Link, PageHeading } from '../components';
import { usePath } from '../router';
import { formatWhen } from '../format';

interface AuditEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

type Chain = { intact: true; entries: number } | { intact: false; brokenAt: number };

/** Auditors and admins: the latest entries of the audit log and whether its chain is intact. */
export function AuditScreen() {
  const { search } = usePath();
  const before = search.get('before');
  const [log, setLog] = useState<{ chain: Chain; entries: AuditEntry[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api<{ chain: Chain; entries: AuditEntry[] }>(
      'GET',
      `/api/staff/audit${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    )
      .then(setLog)
      .catch(() => setFailed(true));
  }, [before]);

  const oldest = log?.entries.at(-1)?.id;
  return (
    <>
      <PageHeading>Audit log</PageHeading>
      {failed ? <p className="body">The audit log could not be loaded. Try again.</p> : null}
      {log ? (
        <>
          {log.chain.intact ? (
            <div className="notice" role="status">
              The chain of {log.chain.entries} entries is intact: no entry has been changed or
              removed.
            </div>
          ) : (
            <div className="warning-panel" role="alert">
              <strong>The chain is broken at entry {log.chain.brokenAt}.</strong> That entry or one
              before it has been changed or removed. Report this to the data protection officer.
            </div>
          )}
          <table className="table table--stack">
            <caption className="visually-hidden">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Entry</th>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Detail</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Entry">{entry.id}</td>
                  <td data-label="When">{formatWhen(entry.at)}</td>
                  <td data-label="Who" className="break">
                    {entry.actorEmail ?? 'Unknown'}
                  </td>
                  <td data-label="Action">{entry.action}</td>
                  <td data-label="Detail" className="break">
                    {[entry.target, entry.detail ? JSON.stringify(entry.detail) : null]
                      .filter(Boolean)
                      .join(' ')}
                  </td>
                  <td data-label="From">{entry.ip ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {oldest !== undefined && oldest > 1 && log.entries.length === 100 ? (
            <p className="body">
              <Link to={`/audit?before=${oldest}`} className="link">
                Older entries
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
