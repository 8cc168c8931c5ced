import { useStepRef } from '../lib/step-ref';
import { StepScreen } from '../step-screen';

/** /residential-status/N */
export default function AddressStatusScreen() {
  const { n = 1 } = useStepRef();
  return (
    <StepScreen
      intro={
        n > 1
          ? 'How you lived at that address, for example as a tenant or with your parents.'
          : 'Lenders use this to understand your housing costs.'
      }
    />
  );
}
