import { StepScreen } from '../step-screen';

/** /own-other-properties */
export default function OwnOtherPropertiesScreen() {
  return (
    <StepScreen intro="For example, a buy-to-let property, a holiday home or a property abroad. Do not count the property you want to borrow against." />
  );
}
