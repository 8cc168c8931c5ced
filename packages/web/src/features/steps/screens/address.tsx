import { AddressStep } from '../address-lookup/address-step';
import { useStepRef } from '../lib/step-ref';

/** /address/N: the applicant's current (N = 1) or previous address, by postcode or by hand. */
export default function AddressScreen() {
  const index = (useStepRef().n ?? 1) - 1;
  return (
    <AddressStep
      key={index}
      at={`form.addresses.${index}`}
      manualPath={`savedAddresses.${index}.manual`}
      savedPath={`savedAddresses.${index}`}
    />
  );
}
