import { getAnswer, type AddressPath } from '@broker/domain';
import { fieldId } from '../lib/field-id';
import { useApplication } from '../../../state/application-store';
import { describedBy, inputClass, useField } from '../widgets/use-field';
import { ErrorMessage, FormGroup, Label } from '../widgets/field-parts';
import { TextField } from '../widgets/text-field';
import { ADDRESS_LINE_LABELS } from './address-lines';

export interface AddressChoice {
  /** The lookup item's udprn. */
  id: string;
  /** The lookup item's Address text. */
  text: string;
}

export interface AddressResultsProps {
  at: AddressPath;
  results: readonly AddressChoice[];
  chosenId: string | null;
  onChoose: (id: string | null) => Promise<void>;
}

/**
 * The postcode's addresses in a select (docs/product.md §2: 'Please choose an address' first), then the
 * chosen address's lines, filled from the lookup and editable, for the applicant to check.
 */
export function AddressResults({ at, results, chosenId, onChoose }: AddressResultsProps) {
  const field = useField<unknown>(at);
  const filled = useApplication((application) =>
    ADDRESS_LINE_LABELS.some(({ line }) => {
      const value = getAnswer(application, `${at}.${line}`);
      return typeof value === 'string' && value !== '';
    }),
  );
  const id = fieldId(at);
  return (
    <>
      {results.length > 0 && (
        <FormGroup error={field.error !== null}>
          <Label htmlFor={id}>Select an address</Label>
          <ErrorMessage
            id={field.errorId}
            message={field.error}
            shaking={field.shaking}
            shakeKey={field.shakeKey}
          />
          <select
            id={id}
            name={id}
            className={inputClass('select', field)}
            value={chosenId ?? ''}
            disabled={field.disabled}
            aria-invalid={field.error !== null}
            aria-describedby={describedBy(field, false)}
            onChange={(event) =>
              void onChoose(event.target.value === '' ? null : event.target.value)
            }
            onBlur={field.touch}
          >
            <option value="">Please choose an address</option>
            {results.map((result) => (
              <option key={result.id} value={result.id}>
                {result.text}
              </option>
            ))}
          </select>
        </FormGroup>
      )}
      {filled && (
        <fieldset className="fieldset address-review">
          <legend className="fieldset__legend address-review__legend">Check the address</legend>
          <p className="hint">You can change any line that is not right.</p>
          {ADDRESS_LINE_LABELS.map(({ line, label, autocomplete }) => (
            <TextField
              key={line}
              path={`${at}.${line}`}
              label={label}
              // The table's autofill tokens are for the current address only (as stepFields).
              autoComplete={at === 'form.addresses.0' ? autocomplete : undefined}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
