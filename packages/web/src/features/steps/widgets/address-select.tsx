import type { StatePath } from '@broker/domain';
import type { ReactNode } from 'react';
import { Dropdown } from './dropdown';

export interface AddressChoice {
  /** The lookup item's udprn. */
  id: string;
  /** The lookup item's Address text. */
  text: string;
}

export interface AddressSelectProps {
  path: StatePath;
  label?: ReactNode;
  addresses: readonly AddressChoice[];
  hint?: ReactNode;
  /** Called with the chosen udprn, so the screen can fetch that address's details. */
  onChoose?: (id: string | null) => void;
}

/** docs/product.md §2: a dropdown of the postcode's addresses, defaulting to 'Please choose an address'. */
export function AddressSelect({
  path,
  label = 'Select an address',
  addresses,
  hint,
  onChoose,
}: AddressSelectProps) {
  const options = addresses.map((address) => ({ value: address.id, label: address.text }));
  return (
    <Dropdown<string>
      path={path}
      label={label}
      hint={hint}
      options={options}
      placeholder="Please choose an address"
      onChoose={onChoose}
    />
  );
}
