import { useLayoutEffect, useRef } from 'react';
import { progressPercent, type ApplicationState, type StepRef } from '@broker/domain';
import { useApplication } from '../../state/application-store';
import { today } from '../../lib/today';

// A Continue renders the bar twice with the same answers (the screen left sees the step's
// implied answers written, then the next screen mounts): the second reads the first's figure.
// The store's answers are never changed in place, so the object is the key.
let last: { application: ApplicationState; step: StepRef; percent: number } | null = null;

function percentFor(application: ApplicationState, step: StepRef): number {
  if (last?.application === application && last.step.id === step.id && last.step.n === step.n) {
    return last.percent;
  }
  const percent = progressPercent(application, today(), step);
  last = { application, step, percent };
  return percent;
}

/**
 * docs/product.md §4 progress, along the journey (docs/decisions/0076-progress-along-the-journey.md),
 * from the domain. The bar's width is set through the DOM before paint rather than as a style
 * attribute: the pre-rendered first screen is served under a CSP that allows no inline style
 * attributes.
 */
export function ProgressBar({ step }: { step: StepRef }) {
  const percent = useApplication((application) => percentFor(application, step));
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    bar.current?.style.setProperty('transform', `scaleX(${percent / 100})`);
  }, [percent]);
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-labelledby="progress-text"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div ref={bar} className="progress__bar" />
      </div>
      <p id="progress-text" className="progress__text">
        {percent}% complete
      </p>
    </div>
  );
}
