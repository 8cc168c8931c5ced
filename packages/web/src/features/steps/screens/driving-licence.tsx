import { StepScreen } from '../step-screen';

/** /driving-licence (vehicle finance). */
export default function DrivingLicenceScreen() {
  return (
    <StepScreen intro="Lenders use this when deciding what vehicle finance they can offer you." />
  );
}
