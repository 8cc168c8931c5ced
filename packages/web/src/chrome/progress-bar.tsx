import { progressPercent } from '@broker/domain';
import { useApplication } from '../state/application-store';

/** SPEC §4 progress: the share of the 17 items done (DESIGN D1), from the domain. */
export function ProgressBar() {
  const percent = useApplication(progressPercent);
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
        <div className="progress__bar" style={{ transform: `scaleX(${percent / 100})` }} />
      </div>
      <p id="progress-text" className="progress__text">
        {percent}% complete
      </p>
    </div>
  );
}
