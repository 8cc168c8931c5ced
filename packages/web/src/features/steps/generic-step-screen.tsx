import { StepScreen } from './step-screen';

/**
 * Any step without a screen of its own: its fields straight from the journey's table. Steps that
 * do more than move on (the submit step sends the application) have their own screen in screens/.
 */
export default function GenericStepScreen() {
  return <StepScreen />;
}
