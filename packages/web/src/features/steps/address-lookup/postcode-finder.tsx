import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { isValidPostcode, type AddressPath, type ResolvedField } from '@broker/domain';
import type { FieldContext } from '../widgets/field-renderer';
import { describedBy, inputClass, useField } from '../widgets/use-field';
import { ErrorMessage, FormGroup, Hint, Label } from '../widgets/field-parts';
import { useFormContext } from '../widgets/form-context';
import { fieldId } from '../lib/field-id';
import './address-lookup.css';

export interface PostcodeFinderProps {
  field: ResolvedField;
  context: FieldContext;
  /** The address's state path; its message ('Please choose your address.') is shown here until addresses are listed. */
  at: AddressPath;
  manual: boolean;
  lookupEnabled: boolean;
  /** The address select is on show (it then takes the address's message). */
  listed: boolean;
  /** 'n addresses found', read out politely. */
  announcement: string;
  /** Why the address is to be typed after a lookup: shown with the lines, read out politely. */
  problem: string;
  onFind: (postcode: string) => Promise<void>;
  onToggle: () => void;
}

/**
 * The postcode box, and in the lookup variant its 'Find address' button; then the link that
 * switches this address between the lookup and the manual lines. Enter in the box finds
 * rather than submitting the whole step.
 */
export function PostcodeFinder({
  field: spec,
  context,
  at,
  manual,
  lookupEnabled,
  listed,
  announcement,
  problem,
  onFind,
  onToggle,
}: PostcodeFinderProps) {
  const postcode = useField<string | null>(spec.path);
  const address = useField<unknown>(at);
  const form = useFormContext();
  const input = useRef<HTMLInputElement>(null);
  const lookup = lookupEnabled && !manual;
  // The address's message needs a control to link to: the Find button, until the select shows.
  const addressError = lookup && !listed ? address.error : null;

  const find = () => {
    const value = input.current?.value ?? '';
    if (!isValidPostcode(value)) {
      form?.touch(spec.path);
      input.current?.focus();
      return;
    }
    void onFind(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (lookup && event.key === 'Enter') {
      event.preventDefault();
      find();
    }
  };

  return (
    <>
      <FormGroup error={postcode.error !== null}>
        <Label htmlFor={postcode.id} asHeading={context.asHeading}>
          {context.question}
        </Label>
        <Hint id={postcode.hintId}>{context.hint}</Hint>
        <ErrorMessage
          id={postcode.errorId}
          message={postcode.error}
          shaking={postcode.shaking}
          shakeKey={postcode.shakeKey}
        />
        <input
          ref={input}
          id={postcode.id}
          name={postcode.id}
          type="text"
          className={`${inputClass('input', postcode)} input--quarter`}
          value={postcode.value ?? ''}
          maxLength={8}
          autoComplete={spec.autocomplete}
          spellCheck={false}
          disabled={postcode.disabled}
          aria-invalid={postcode.error !== null}
          aria-describedby={describedBy(postcode, Boolean(context.hint))}
          onChange={(event) =>
            postcode.setValue(event.target.value === '' ? null : event.target.value)
          }
          onBlur={postcode.touch}
          onKeyDown={onKeyDown}
        />
      </FormGroup>
      {lookupEnabled && (
        <div className={addressError ? 'form-group form-group--error' : 'form-group'}>
          <ErrorMessage
            id={address.errorId}
            message={addressError}
            shaking={address.shaking}
            shakeKey={address.shakeKey}
          />
          <div className="postcode-finder__actions">
            {lookup && (
              <button
                type="button"
                id={listed ? undefined : fieldId(at)}
                className="button button--secondary postcode-finder__find"
                disabled={postcode.disabled}
                aria-describedby={addressError ? address.errorId : undefined}
                onClick={find}
              >
                Find address
              </button>
            )}
            <button
              type="button"
              className="link-button postcode-finder__switch"
              disabled={postcode.disabled}
              onClick={onToggle}
            >
              {manual ? 'Search by postcode' : 'Enter the address manually'}
            </button>
          </div>
          <div
            role="status"
            className={
              !lookup && problem
                ? 'postcode-finder__status postcode-finder__status--problem'
                : 'postcode-finder__status'
            }
          >
            {lookup ? announcement : problem}
          </div>
        </div>
      )}
    </>
  );
}
