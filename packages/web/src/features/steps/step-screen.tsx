import type { ReactNode } from 'react';
import { isSecuredApplication, stepHeading } from '@broker/domain';
import { useStepRef } from './lib/step-ref';
import { useApplication } from '../../state/application-store';
import { useSecuredDisclosure } from './lib/secured-disclosure';
import { currentBrand } from '../../lib/brand';
import { usePreloadPage } from '../../lib/router';
import { PreviousButton } from './previous-button';
import { LoadLater } from '../session/load-later';
import { whenNeeded } from '../../lib/when-needed';

/** After the first screen's own script: at the visitor's first activity (lib/when-needed.ts). */
const loadSaveLater = () => whenNeeded().then(() => import('../save/save-later'));
import { ProgressBar } from './progress-bar';
import { StepForm } from './widgets/step-form';
import { StepFields } from './widgets/step-fields';
import type { FieldRenderer } from './widgets/field-renderer';

export interface StepScreenProps {
  /** Replaces the journey's heading. */
  heading?: string;
  /** Content under the heading: why we ask, an example, a warning. */
  intro?: ReactNode;
  /** Custom widgets for some of the step's fields, by resolved path. */
  overrides?: Readonly<Record<string, FieldRenderer>>;
  /** Replaces the whole field list (the screen then renders its own PageHeading). */
  children?: ReactNode;
  /** Content after the fields and before Continue. */
  after?: ReactNode;
  onValid?: () => void | Promise<void>;
  continueLabel?: string;
  /** The button's text while `onValid` is pending, e.g. 'Sending…'. */
  busyLabel?: string;
}

/**
 * One journey step: Previous, progress, the step's fields (from the journey's table unless
 * the screen supplies its own) and Continue. The step is the route's: screens never name it.
 * On every step of a secured application the frame adds the repossession warning before
 * Continue and the representative example after the form, so no secured screen can leave them
 * out (docs/decisions/0011-secured-disclosure-from-the-frame.md).
 */
export function StepScreen({
  heading,
  intro,
  overrides,
  children,
  after,
  onValid,
  continueLabel,
  busyLabel,
}: StepScreenProps) {
  const step = useStepRef();
  // Fetches the next page's code ahead; a failure is left for the navigation to retry.
  const preloadPage = usePreloadPage();
  const { id, n } = step;
  const title = useApplication((application) => heading ?? stepHeading({ id, n }, application));
  const secured = useSecuredDisclosure(useApplication(isSecuredApplication));
  return (
    <>
      <div className="step-chrome">
        <PreviousButton step={step} />
        <ProgressBar step={step} />
      </div>
      <StepForm
        step={step}
        onValid={onValid}
        continueLabel={continueLabel}
        busyLabel={busyLabel}
        pageTitle={`${title} – ${currentBrand().name}`}
        preloadPage={preloadPage}
      >
        {children ?? (
          <StepFields step={step} heading={heading} intro={intro} overrides={overrides} />
        )}
        {after}
        {secured && <secured.Warning />}
      </StepForm>
      <LoadLater load={loadSaveLater} />
      {secured && <secured.Example />}
    </>
  );
}
