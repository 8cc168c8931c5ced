import { StepScreen } from '../step-screen';

/** /looking-to-buy (brands that ask it). */
export default function LookingToBuyScreen() {
  return (
    <StepScreen intro="You can apply before you have found one: knowing your budget helps you shop." />
  );
}
