import { useNavigate } from '../../lib/router';
import { previousStep, stepPath, type StepRef } from '@broker/domain';
import { getApplication } from '../../state/application-store';
import { today } from '../../lib/today';

/** 'Previous' goes one step back on the journey the answers imply; answers are kept. */
export function PreviousButton({ step }: { step: StepRef }) {
  const navigate = useNavigate();
  if (step.id === 'start') return null;
  return (
    <div className="previous">
      <button
        type="button"
        className="previous__button"
        aria-describedby="previous-note"
        onClick={() => {
          const previous = previousStep(step, getApplication(), today());
          navigate(previous ? stepPath(previous) : '/');
        }}
      >
        Previous
      </button>
      <span id="previous-note" className="previous__note">
        You won&apos;t lose any information
      </span>
    </div>
  );
}
