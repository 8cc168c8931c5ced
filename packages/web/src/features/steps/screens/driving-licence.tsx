import { StepScreen } from '../step-screen';

/** /driving-licence (vehicle finance). */
export default function DrivingLicenceScreen() {
  return <StepScreen />;
}
