import { useEffect, useState } from 'react';
import { stepPath } from '@broker/domain';
import type { DisclosureEvidence, EvidenceProblem } from '@broker/domain';
import { api, ApiError } from '../api';
import { Link, PageHeading } from '../components';
import { formatWhen } from '../format';

/**
 * What an application was shown and agreed (docs/evidence.md, decisions 0060 and 0061), and each stored
 * text as it was.
 */
const TEXT_NAMES: Record<string, string> = {
  'broker-status': 'Broker status',
  commission: 'Commission',
  'representative-example': 'Representative example (secured)',
  'repossession-warning': 'Repossession warning',
  terms: 'Terms & Conditions',
  privacy: 'Privacy policy',
  'soft-search': 'Soft search notice',
  'fair-processing': 'Fair processing notice',
  cookies: 'Cookie policy',
};

const CONSENT_NAMES: Record<string, string> = {
  terms: 'Agreed to the terms',
  'soft-search': 'Agreed to a soft search',
  'fair-processing': 'Read the fair processing notice',
  'marketing-opt-ins': 'Opted in to marketing',
  cookies: 'Accepted analytics cookies',
};

const textName = (id: string) => TEXT_NAMES[id] ?? id;

/** To the second, in UK time: evidence is read closely. */
function When({ iso }: { iso: string }) {
  const shown = new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return <time dateTime={iso}>{shown}</time>;
}

function TextLink({ text, version, from }: { text: string; version: number; from: number }) {
  return (
    <Link to={`/disclosures/${encodeURIComponent(text)}/${version}?from=${from}`} className="link">
      {textName(text)}, version {version}
    </Link>
  );
}

// The served and claimed cells say what they are in their own words, so the stacked layout of a
// phone (which prefixes each cell with its column's data-label) does not say it twice.

/** The version, its link and its SHA-256 (docs/evidence.md). */
function TextCell({
  text,
  version,
  sha256,
  from,
}: {
  text: string;
  version: number;
  sha256: string | null;
  from: number;
}) {
  return (
    <>
      <TextLink text={text} version={version} from={from} />
      <br />
      <span className="caption">
        SHA-256 <span className="break">{sha256 ?? 'unknown: we hold no such version'}</span>
      </span>
    </>
  );
}

/** Each contradiction in plain words (decision 0061). */
function Problem({
  problem,
  version,
  of,
}: {
  problem: EvidenceProblem;
  version: number;
  of: 'text' | 'consent';
}) {
  switch (problem.kind) {
    case 'not-claimed':
      return (
        <>
          Missing from the browser&apos;s record, though we served it before the application
          arrived.
        </>
      );
    case 'before-session':
      return (
        <>
          The time claimed is before our first record of this session (<When iso={problem.began} />
          ).
        </>
      );
    case 'after-request':
      return (
        <>
          The time claimed is after we received the application (<When iso={problem.received} />
          ).
        </>
      );
    case 'not-on-path':
      return problem.place === 'secured' ? (
        <>Only a loan secured on a home shows this text, and this application is not one.</>
      ) : (
        <>
          This application&apos;s path does not include the {stepPath({ id: problem.place.step })}{' '}
          screen, the only one that {of === 'text' ? 'shows this text' : 'asks for this'}.
        </>
      );
    case 'repeated':
      return (
        <>
          Claimed {problem.times} times; a browser records each{' '}
          {of === 'text' ? 'version' : 'consent'} once.
        </>
      );
    case 'version-not-in-use':
      return problem.since === null ? (
        <>We have never used version {version}.</>
      ) : (
        <>
          Version {version} was not in use then: we first used it on <When iso={problem.since} />.
        </>
      );
    case 'other-version-served':
      return (
        <>
          We served this session version {problem.served.join(' and ')} of this text, not version{' '}
          {version}.
        </>
      );
  }
}

function Checks({
  problems,
  version,
  of,
}: {
  problems: readonly EvidenceProblem[];
  version: number;
  of: 'text' | 'consent';
}) {
  if (problems.length === 0) return <span className="tag tag--success">No contradiction</span>;
  return (
    <>
      <span className="tag tag--warning">Contradicts our record</span>
      <ul className="list">
        {problems.map((problem) => (
          <li key={problem.kind}>
            <Problem problem={problem} version={version} of={of} />
          </li>
        ))}
      </ul>
    </>
  );
}

const times = (n: number) => (n === 1 ? '' : `, ${n} times`);

/**
 * What an application was shown and agreed (docs/evidence.md): per text, our own record of
 * serving it to the session beside what the browser claims, and each consent the browser
 * claims, with what in those claims contradicts our record.
 */
export function EvidencePanel({
  applicationId,
  evidence,
}: {
  applicationId: number;
  evidence: DisclosureEvidence | null;
}) {
  const texts = evidence?.texts ?? [];
  const consents = evidence?.consents ?? [];
  const contradicted = [...texts, ...consents].filter((row) => row.problems.length > 0).length;
  return (
    <section aria-labelledby="evidence-heading">
      <h2 className="heading-m" id="evidence-heading">
        What the applicant was shown and agreed
      </h2>
      <p className="body">
        &ldquo;Served by us&rdquo; is our server&apos;s own record of the texts it served this
        application&apos;s session, on its own clock. &ldquo;Claimed by the browser&rdquo; is what
        the applicant&apos;s browser sent with the application: we cannot see it happen, so we check
        it against our record and mark what contradicts it.
      </p>
      {evidence && !evidence.servedAny && texts.length + consents.length > 0 ? (
        <div className="notice">
          <p className="body">
            We have no record of serving any text to this session: the application did not come
            through our pages, or came from a page older than this record. Everything below is
            claimed by the browser.
          </p>
        </div>
      ) : null}
      {contradicted > 0 ? (
        <div className="notice">
          <p className="body">
            {contradicted === 1
              ? "1 entry of the browser's record contradicts ours"
              : `${contradicted} entries of the browser's record contradict ours`}
            : see Checks below.
          </p>
        </div>
      ) : null}
      {texts.length === 0 && consents.length === 0 ? (
        <p className="body">
          No record: we served this session no text, and its browser sent no record.
        </p>
      ) : null}
      {texts.length > 0 ? (
        <table className="table table--stack">
          <caption className="heading-s table__caption">Texts shown</caption>
          <thead>
            <tr>
              <th scope="col">Text</th>
              <th scope="col">Served by us</th>
              <th scope="col">Claimed by the browser</th>
              <th scope="col">Checks</th>
            </tr>
          </thead>
          <tbody>
            {texts.map((row) => (
              <tr key={`${row.text}@${row.version}`}>
                <td data-label="Text">
                  <TextCell {...row} from={applicationId} />
                </td>
                <td>
                  {row.served ? (
                    <>
                      Served by us at <When iso={row.served.firstAt} />
                      {times(row.served.times)}
                    </>
                  ) : (
                    'Not served by us'
                  )}
                </td>
                <td>
                  {row.claimed ? (
                    <>
                      Claimed by the browser: shown at <When iso={row.claimed.at} />
                      {times(row.claimed.times)}
                    </>
                  ) : (
                    'Not claimed by the browser'
                  )}
                </td>
                <td data-label="Checks">
                  <Checks problems={row.problems} version={row.version} of="text" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {consents.length > 0 ? (
        <table className="table table--stack">
          <caption className="heading-s table__caption">Consents</caption>
          <thead>
            <tr>
              <th scope="col">Consent</th>
              <th scope="col">Claimed by the browser</th>
              <th scope="col">Text agreed to</th>
              <th scope="col">Checks</th>
            </tr>
          </thead>
          <tbody>
            {consents.map((row) => (
              <tr key={`${row.consent}@${row.version}`}>
                <td data-label="Consent">{CONSENT_NAMES[row.consent] ?? row.consent}</td>
                <td>
                  Claimed by the browser: agreed at <When iso={row.claimed.at} />
                  {times(row.claimed.times)}
                </td>
                <td data-label="Text agreed to">
                  <TextCell {...row} from={applicationId} />
                </td>
                <td data-label="Checks">
                  <Checks problems={row.problems} version={row.version} of="consent" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

interface StoredText {
  text: string;
  version: number;
  sha256: string;
  body: string;
  storedAt: string;
}

/** /disclosures/:text/:version: one stored version of a text, word for word. */
export function DisclosureTextScreen({
  text,
  version,
  from,
}: {
  text: string;
  version: string;
  from: string | null;
}) {
  const [stored, setStored] = useState<StoredText | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api<StoredText>(
      'GET',
      `/api/staff/disclosures/${encodeURIComponent(text)}/${encodeURIComponent(version)}`,
    )
      .then(setStored)
      .catch((error: unknown) =>
        setProblem(
          error instanceof ApiError && error.status === 404
            ? 'There is no such text'
            : 'The text could not be loaded',
        ),
      );
  }, [text, version]);

  const back = /^\d+$/.test(from ?? '') ? (
    <p className="body">
      <Link to={`/applications/${from}`} className="link">
        Back to the application
      </Link>
    </p>
  ) : (
    <p className="body">
      <Link to="/" className="link">
        Back to applications
      </Link>
    </p>
  );
  if (problem) {
    return (
      <>
        {back}
        <PageHeading>{problem}</PageHeading>
      </>
    );
  }
  if (!stored) return <p className="body">Loading the text…</p>;
  return (
    <>
      {back}
      <PageHeading>
        {textName(stored.text)}, version {stored.version}
      </PageHeading>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">SHA-256</dt>
          <dd className="summary-list__value break">{stored.sha256}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">First stored</dt>
          <dd className="summary-list__value">{formatWhen(stored.storedAt)}</dd>
        </div>
      </dl>
      <p className="body">
        The words as the applicant was shown them; the firm&apos;s details appear as placeholders in
        square brackets.
      </p>
      <div className="details__text disclosure-text">
        {stored.body.split('\n').map((line, index) => (
          <p className="body" key={index}>
            {line}
          </p>
        ))}
      </div>
    </>
  );
}
