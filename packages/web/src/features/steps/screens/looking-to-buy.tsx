import { StepScreen } from '../step-screen';

/** /looking-to-buy (brands that ask it). */
export default function LookingToBuyScreen() {
  return <StepScreen />;
}
