import { STEPS, type Address, type AutocompleteToken } from '@broker/domain';

export type AddressLine = keyof Pick<
  Address,
  'subBuilding' | 'houseName' | 'houseNumber' | 'street' | 'locality' | 'town' | 'county'
>;

/** The lines of an address with the labels the manual form uses, in its order (the journey's). */
export const ADDRESS_LINE_LABELS: readonly {
  line: AddressLine;
  label: string;
  autocomplete?: AutocompleteToken;
}[] = STEPS.address.fields
  .filter((field) => field.kind === 'text')
  .map((field) => ({
    line: field.path.slice(field.path.lastIndexOf('.') + 1) as AddressLine,
    label: field.label.charAt(0).toUpperCase() + field.label.slice(1),
    ...(field.autocomplete !== undefined && { autocomplete: field.autocomplete }),
  }));

export const ADDRESS_LINES: readonly AddressLine[] = ADDRESS_LINE_LABELS.map(({ line }) => line);
