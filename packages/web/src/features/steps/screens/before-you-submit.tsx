import { Fragment, useDeferredValue, useMemo } from 'react';
import {
  buildSubmissionPayload,
  stepHeading,
  summarisePayload,
  type AnswerGroup,
  type ApplicationState,
} from '@broker/domain';
import { currentBrand } from '../../../lib/brand';
import { Link } from '../../../lib/router';
import { reachedInApp } from '../../../lib/history';
import { today } from '../../../lib/today';
import { PageHeading } from '../../../chrome/page-heading';
import { useApplicationStore } from '../../../state/application-store';
import { changeHref } from '../widgets/step-form';
import { StepScreen } from '../step-screen';
import '@broker/ui/summary-list.css';

function SummaryList({ group }: { group: AnswerGroup }) {
  return (
    <dl className="summary-list">
      {group.rows.map((row) => (
        <div className="summary-list__row" key={`${row.step.id}-${row.step.n ?? 1}-${row.key}`}>
          <dt className="summary-list__key">{row.key}</dt>
          <dd className="summary-list__value">
            {row.value.map((line, index) => (
              <Fragment key={index}>
                {index > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </dd>
          <dd className="summary-list__actions">
            <Link to={changeHref(row.step)}>
              Change<span className="visually-hidden"> {row.changeLabel}</span>
            </Link>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A payload needs the application's key (the session id, or the GUID of an older state). */
function canBuildPayload(state: ApplicationState): boolean {
  return Boolean(state.form.sessionId?.trim() || state.GUID?.trim());
}

function CheckAnswers() {
  const application = useApplicationStore((store) => store.application);
  // Reached by Continue, the heading comes first and the answers a moment later: the click's task
  // renders, lays out and focuses a short page, and the rows (the longest page of the journey)
  // follow in a render of their own (docs/performance.md, "Continue in the click's task"). Loaded
  // (a deep link, a reload), the page renders whole, so nothing moves under the first paint.
  const shown = useDeferredValue(application, reachedInApp() ? null : application);
  // What will be sent, read back: the summary staff see too (decision 0065).
  const sections = useMemo(() => {
    // The pre-rendered shell (docs/decisions/0043-step-shells.md) has no application yet: no key, no rows.
    if (!shown || !canBuildPayload(shown)) return [];
    const date = today();
    const payload = buildSubmissionPayload(shown, {
      brand: currentBrand(),
      isCompleted: false,
      today: date,
    });
    return summarisePayload(payload, date);
  }, [shown]);
  return (
    <>
      <PageHeading>{stepHeading({ id: 'before-you-submit' }, application)}</PageHeading>
      <p className="body-lead">
        Lenders will use these answers to decide what they can offer you, so please make sure they
        are right. Use a ‘Change’ link to correct one: you will come back here afterwards.
      </p>
      {sections.map((section) => (
        <section key={section.heading} className="check-answers__section">
          <h2 className="heading-m">{section.heading}</h2>
          {section.groups.map((group) => (
            <Fragment key={group.heading ?? ''}>
              {group.heading && <h3 className="heading-s">{group.heading}</h3>}
              <SummaryList group={group} />
            </Fragment>
          ))}
        </section>
      ))}
    </>
  );
}

/** /before-you-submit: every answer on the applicant's path, each with a way to change it. */
export default function BeforeYouSubmitScreen() {
  return (
    <StepScreen>
      <CheckAnswers />
    </StepScreen>
  );
}
