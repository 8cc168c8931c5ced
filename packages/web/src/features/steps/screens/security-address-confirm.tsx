import type { Address } from '@broker/domain';
import { StepScreen } from '../step-screen';
import { useApplication } from '../../../state/application-store';

function oneLine(address: Address | undefined): string {
  if (!address) return '';
  const street = [address.houseNumber, address.street].filter(Boolean).join(' ');
  return [address.subBuilding, address.houseName, street, address.town, address.postcode]
    .filter(Boolean)
    .join(', ');
}

/** /security-address-confirm: is the property to borrow against the applicant's current home? */
export default function SecurityAddressConfirmScreen() {
  const current = useApplication((application) => oneLine(application.form.addresses[0]));
  return <StepScreen intro={current === '' ? undefined : `Your current address is ${current}.`} />;
}
