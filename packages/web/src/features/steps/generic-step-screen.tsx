import { useStepRef } from './lib/step-ref';
import { useNavigate } from '../../lib/router';
import { loadChunk } from '../../lib/chunk-load';
import { StepScreen } from './step-screen';

/** Any step without a screen of its own: its fields straight from the journey's table. */
export default function GenericStepScreen() {
  const step = useStepRef();
  const navigate = useNavigate();
  // The submit step sends the application instead of moving on (docs/product.md §4).
  const send = async () => {
    const { goToOutcome, submitApplication } = await loadChunk(() => import('../../api/submit'));
    const outcome = await submitApplication();
    if (outcome) goToOutcome(outcome, navigate);
  };
  return <StepScreen onValid={step.id === 'submit' ? send : undefined} />;
}
