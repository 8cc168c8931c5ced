import { StepScreen } from '../step-screen';

/** /amount-to-finance: the journey's slider with its typed alternative (docs/design.md D15). */
export default function AmountToFinanceScreen() {
  return <StepScreen />;
}
