import { useLayoutEffect, useRef } from 'react';
import { progressPercent } from '@broker/domain';
import { useApplication } from '../../state/application-store';

/**
 * docs/product.md §4 progress: the share of the 17 items done (docs/design.md D1), from the domain. The bar's
 * width is set through the DOM before paint rather than as a style attribute: the
 * pre-rendered first screen is served under a CSP that allows no inline style attributes.
 */
export function ProgressBar() {
  const percent = useApplication(progressPercent);
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
