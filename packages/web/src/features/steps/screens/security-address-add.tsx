import { AddressStep } from '../address-lookup/address-step';

/** /security-address-add: the property to borrow against, when it is not the current address. */
export default function SecurityAddressAddScreen() {
  return <AddressStep at="form.securityAddress" manualPath="form.securityAddress.manual" />;
}
