import { StepScreen } from '../step-screen';

/** /amount-to-finance: the journey's slider with its typed alternative (docs/design.md D15). */
export default function AmountToFinanceScreen() {
  return (
    <StepScreen intro="Move the slider or type an amount from £1,000 to £100,000. Do not include your deposit." />
  );
}
