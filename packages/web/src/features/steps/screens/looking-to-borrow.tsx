import { StepScreen } from '../step-screen';

/**
 * /looking-to-borrow: the secured loan amount. The warning and the representative example come
 * from the step frame, as on every secured step.
 */
export default function LookingToBorrowScreen() {
  return <StepScreen />;
}
