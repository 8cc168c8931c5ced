import { StepScreen } from '../step-screen';

/** /employment-length/N: the journey asks about earlier work until 3 years are covered. */
export default function EmploymentLengthScreen() {
  return <StepScreen />;
}
