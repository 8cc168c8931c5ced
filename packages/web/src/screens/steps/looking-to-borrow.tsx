import { StepScreen } from '../step-screen';
import { RepossessionWarning } from '../../features/secured/repossession-warning';
import { SecuredRepresentativeExample } from '../../features/secured/secured-example';

/** /looking-to-borrow: the secured loan amount, with the warning and example beside it. */
export default function LookingToBorrowScreen() {
  return (
    <>
      <StepScreen
        intro="You can borrow from £10,000 to £250,000, secured on a property you own."
        after={<RepossessionWarning />}
      />
      <SecuredRepresentativeExample />
    </>
  );
}
