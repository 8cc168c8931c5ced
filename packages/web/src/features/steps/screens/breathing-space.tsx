import { StepScreen } from '../step-screen';
import { Explainer } from '../../secured/explainer';
import { BreathingSpaceInfo } from '../../secured/breathing-space-info';

/** /breathing-space: the Debt Respite Scheme question, with what the scheme is in a dialog. */
export default function BreathingSpaceScreen() {
  return (
    <StepScreen
      intro={
        <>
          Breathing Space (the Debt Respite Scheme) gives legal protection from creditors while you
          get debt advice.{' '}
          <Explainer
            trigger="What is Breathing Space?"
            title="Breathing Space (the Debt Respite Scheme)"
          >
            <BreathingSpaceInfo />
          </Explainer>
        </>
      }
    />
  );
}
