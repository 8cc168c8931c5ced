import { StepScreen } from '../step-screen';

/** /employment-length/N: the journey asks about earlier work until 3 years are covered. */
export default function EmploymentLengthScreen() {
  return (
    <StepScreen intro="If it is less than a year, enter 0 years and the number of months. Lenders look at what you have been doing for the last 3 years." />
  );
}
