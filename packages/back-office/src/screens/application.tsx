import { Fragment, useEffect, useState } from 'react';
import type { DisclosureEvidence } from '@broker/domain';
import { api, ApiError } from '../api';
import type { Session } from '../api';
import { applicationSections } from '../answers';
import { Link, PageHeading } from '../components';
import type { ApplicationSummary } from './home';
import { BRANCH_NAMES, formatWhen, named, OUTCOME_NAMES, today } from '../format';
import { ContactLinks } from './contact';
import { DeliveryPanel } from './deliveries';
import type { DeliveryAttempts } from './deliveries';
import { WorkPanel } from './work';
import { DocumentsPanel } from './documents';
import { EvidencePanel } from './evidence';
import type { Work } from './work';
import { PanelDecisionPanel } from './panel-decision';
import type { PanelFindings } from './panel-decision';
import { DuplicatePanel } from './duplicate';
import { NextActionPanel } from './next-action';
import { LenderPanel } from './lenders';
import { MessagesPanel } from './messages';
import { ComplaintsPanel } from './complaints';

interface ApplicationDetail extends ApplicationSummary {
  duplicates: { id: number; reference: string | null; released: boolean }[];
  submissionKey: string;
  dealerNumber: string | null;
  payload: Record<string, unknown>;
  response: Record<string, unknown> | null;
  decision: PanelFindings | null;
  work: Work;
  deliveries: DeliveryAttempts[];
  evidence: DisclosureEvidence | null;
}

/** One application: needs first, then the decision, then every answer grouped (docs/back-office.md). */
export function ApplicationScreen({ id, session }: { id: string; session: Session }) {
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    api<ApplicationDetail>('GET', `/api/staff/applications/${encodeURIComponent(id)}`)
      .then(setDetail)
      .catch((error: unknown) =>
        setProblem(
          error instanceof ApiError && error.status === 404
            ? 'There is no such application'
            : 'The application could not be loaded',
        ),
      );
  }, [id, loads]);

  if (problem) {
    return (
      <>
        <PageHeading>{problem}</PageHeading>
        <p className="body">
          <Link to="/" className="link">
            Back to applications
          </Link>
        </p>
      </>
    );
  }
  if (!detail) return <p className="body">Loading the application…</p>;

  const payload = detail.payload;
  const needs: string[] = [];
  if (payload.additionalNeedsRequirements === true)
    needs.push('The applicant told us they have additional needs.');
  if (
    typeof payload.additionalNeedsRequirementsStatement === 'string' &&
    payload.additionalNeedsRequirementsStatement !== ''
  ) {
    needs.push(`In their words: “${payload.additionalNeedsRequirementsStatement}”`);
  }
  if (payload.discussFinancialCircumstances === true)
    needs.push('They want to discuss their financial circumstances.');
  if (payload.breathingSpace === true)
    needs.push('They are in Breathing Space (debt respite): do not pursue the debt.');

  return (
    <>
      <p className="body">
        <Link to="/" className="link">
          Back to applications
        </Link>
      </p>
      <PageHeading>{detail.name ?? 'Application'}</PageHeading>
      <section aria-labelledby="contact-heading" className="contact-block">
        <h2 className="heading-m" id="contact-heading">
          Contact the applicant
        </h2>
        {detail.email || detail.phone || detail.postcode ? (
          <ContactLinks email={detail.email} phone={detail.phone} postcode={detail.postcode} />
        ) : (
          <p className="body">No contact details given.</p>
        )}
        <p className="body">
          Reference {detail.reference ?? 'none (not completed)'}, received{' '}
          {formatWhen(detail.createdAt)}
        </p>
      </section>
      {needs.length > 0 ? (
        <section className="warning-panel" aria-labelledby="needs-heading">
          <h2 className="heading-m" id="needs-heading">
            Needs and vulnerability: follow up
          </h2>
          <ul className="list">
            {needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <DuplicatePanel
        key={detail.id}
        id={detail.id}
        session={session}
        facts={detail}
        onReleased={() => setLoads((count) => count + 1)}
      />

      {/* Keyed by the newest entry: a message sent or a complaint logged shows on the timeline. */}
      <WorkPanel
        key={detail.work.activity[0]?.id ?? 0}
        id={detail.id}
        session={session}
        initial={detail.work}
      />
      <NextActionPanel id={detail.id} session={session} initial={detail.work.nextActionOn} />
      <DocumentsPanel id={detail.id} session={session} joint={detail.journey === 'joint'} />
      <MessagesPanel id={detail.id} session={session} onSent={() => setLoads((n) => n + 1)} />
      <ComplaintsPanel id={detail.id} session={session} onChanged={() => setLoads((n) => n + 1)} />

      <h2 className="heading-m">Decision</h2>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">Outcome</dt>
          <dd className="summary-list__value">
            {named(OUTCOME_NAMES, detail.outcome)}
            {detail.declineReason ? ` (reason: ${detail.declineReason})` : ''}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Reference</dt>
          <dd className="summary-list__value">{detail.reference ?? 'None (not completed)'}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Application id</dt>
          <dd className="summary-list__value break">
            {detail.applicationId ?? 'None (not approved)'}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Received</dt>
          <dd className="summary-list__value">{formatWhen(detail.createdAt)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">Journey and brand</dt>
          <dd className="summary-list__value">
            {named(BRANCH_NAMES, detail.journey)}, {detail.brand ?? 'no brand'}
            {detail.affiliate ? `, affiliate ${detail.affiliate}` : ''}
          </dd>
        </div>
      </dl>
      <PanelDecisionPanel found={detail.decision} />
      <LenderPanel id={detail.id} session={session} />

      <DeliveryPanel id={detail.id} session={session} initial={detail.deliveries} />
      <EvidencePanel applicationId={detail.id} evidence={detail.evidence} />

      {/* The applicant's check-your-answers, in their words, then what is not an answer. */}
      {applicationSections(payload, today()).map((section) => (
        <section key={section.heading} className="check-answers__section">
          <h2 className="heading-m">{section.heading}</h2>
          {section.groups.map((group) => (
            <Fragment key={group.heading ?? ''}>
              {group.heading && <h3 className="heading-s">{group.heading}</h3>}
              <dl className="summary-list">
                {group.rows.map((row) => (
                  <div
                    className="summary-list__row"
                    key={`${row.step.id}-${row.step.n ?? 1}-${row.key}`}
                  >
                    <dt className="summary-list__key">{row.key}</dt>
                    <dd className="summary-list__value">
                      {row.value.map((line, index) => (
                        <Fragment key={index}>
                          {index > 0 && <br />}
                          {line}
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </Fragment>
          ))}
        </section>
      ))}
    </>
  );
}
