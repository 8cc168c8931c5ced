import { stepHint } from '@broker/domain';
import { StepScreen } from '../step-screen';
import { Explainer } from '../../secured/explainer';
import { BreathingSpaceInfo } from '../../secured/breathing-space-info';

/** /breathing-space: the Debt Respite Scheme question, with what the scheme is in a dialog. */
export default function BreathingSpaceScreen() {
  return (
    <StepScreen
      intro={
        <>
          {stepHint('breathing-space')}{' '}
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
