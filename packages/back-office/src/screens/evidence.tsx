import { useEffect, useState } from 'react';
import { api, ApiError } from '../api';
import { Link, PageHeading } from '../components';
import { formatWhen } from '../format';

/**
 * What an application was shown and agreed (docs/evidence.md): each text's version and when it
 * first appeared, each consent and when it was given, and each stored text as it was.
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

interface Shown {
  text: string;
  version: number;
  at: string;
}
interface Agreed extends Shown {
  consent: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function entries<T>(value: unknown, key: string): T[] {
  return isRecord(value) && Array.isArray(value[key]) ? (value[key] as T[]) : [];
}

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

function TextLink({ entry, from }: { entry: Shown; from: number }) {
  return (
    <Link
      to={`/disclosures/${encodeURIComponent(entry.text)}/${entry.version}?from=${from}`}
      className="link"
    >
      {textName(entry.text)}, version {entry.version}
    </Link>
  );
}

export function EvidencePanel({
  applicationId,
  disclosures,
}: {
  applicationId: number;
  disclosures: unknown;
}) {
  const shown = entries<Shown>(disclosures, 'shown');
  const agreed = entries<Agreed>(disclosures, 'agreed');
  return (
    <section aria-labelledby="evidence-heading">
      <h2 className="heading-m" id="evidence-heading">
        What the applicant was shown and agreed
      </h2>
      {shown.length === 0 && agreed.length === 0 ? (
        <p className="body">
          No record: this application was sent by a version of the form that did not send one.
        </p>
      ) : null}
      {agreed.length > 0 ? (
        <table className="table table--stack">
          <caption className="heading-s table__caption">Consents</caption>
          <thead>
            <tr>
              <th scope="col">Consent</th>
              <th scope="col">When</th>
              <th scope="col">Text agreed to</th>
            </tr>
          </thead>
          <tbody>
            {agreed.map((entry) => (
              <tr key={entry.consent}>
                <td data-label="Consent">{CONSENT_NAMES[entry.consent] ?? entry.consent}</td>
                <td data-label="When">
                  <When iso={entry.at} />
                </td>
                <td data-label="Text agreed to">
                  <TextLink entry={entry} from={applicationId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {shown.length > 0 ? (
        <table className="table table--stack">
          <caption className="heading-s table__caption">Texts shown</caption>
          <thead>
            <tr>
              <th scope="col">Text</th>
              <th scope="col">First shown</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={`${entry.text}@${entry.version}`}>
                <td data-label="Text">
                  <TextLink entry={entry} from={applicationId} />
                </td>
                <td data-label="First shown">
                  <When iso={entry.at} />
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
