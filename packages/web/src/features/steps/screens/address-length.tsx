import { useStepRef } from '../lib/step-ref';
import { StepScreen } from '../step-screen';

/** /address-length/N: the journey asks for another address until 3 years are covered. */
export default function AddressLengthScreen() {
  const { n = 1 } = useStepRef();
  return (
    <StepScreen
      intro={
        n > 1
          ? 'Lenders need to know where you have lived for the last 3 years.'
          : 'Lenders need to know where you have lived for the last 3 years. If it is less than a year, enter 0 years and the number of months.'
      }
    />
  );
}
