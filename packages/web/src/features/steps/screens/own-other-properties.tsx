import { StepScreen } from '../step-screen';

/** /own-other-properties */
export default function OwnOtherPropertiesScreen() {
  return <StepScreen />;
}
