import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { getAnswer, type ResolvedField, type StatePath, type AddressPath } from '@broker/domain';
import { StepScreen } from '../step-screen';
import type { FieldContext, FieldRenderer } from '../widgets/field-renderer';
import { fieldId } from '../lib/field-id';
import {
  getApplication,
  setField,
  setFields,
  useApplication,
} from '../../../state/application-store';
import { lookupAddressById, lookupPostcode } from '../../../api/address-lookup';
import { useLookupEnabled } from './use-lookup-enabled';
import { PostcodeFinder } from './postcode-finder';
import { AddressResults, type AddressChoice } from './address-results';
import { ADDRESS_LINES } from './address-lines';

export interface AddressStepProps {
  /** The address's state path: 'form.addresses.0' or 'form.securityAddress'. */
  at: AddressPath;
  /** Where the manual-entry choice is kept (journey `addressFields`). */
  manualPath: StatePath;
  /** The `savedAddresses` entry that remembers the chosen lookup item, when there is one. */
  savedPath?: StatePath;
  intro?: ReactNode;
  after?: ReactNode;
}

function savedChoice(savedPath: StatePath | undefined): AddressChoice[] {
  if (savedPath === undefined) return [];
  const saved = getAnswer(getApplication(), savedPath) as
    { value?: unknown; streetAddress?: unknown } | undefined;
  return typeof saved?.value === 'string' && typeof saved.streetAddress === 'string'
    ? [{ id: saved.value, text: saved.streetAddress }]
    : [];
}

function clearedLines(at: AddressPath): Record<string, null> {
  return Object.fromEntries(ADDRESS_LINES.map((line) => [`${at}.${line}`, null]));
}

function linesOf(at: AddressPath): Record<string, unknown> {
  const application = getApplication();
  return Object.fromEntries(
    ADDRESS_LINES.map((line) => [`${at}.${line}`, getAnswer(application, `${at}.${line}`) ?? null]),
  );
}

/** What the visitor is told when the lookup leaves them to type the address. */
export const lookupProblem = {
  nothingFound: (postcode: string) =>
    `We could not find any addresses for ${postcode.toUpperCase()}. Please enter the address below.`,
  noDetails:
    'We could not get the details of the address you chose. Please check the address below, or enter it.',
};

/**
 * The address step of docs/product.md §2 (address/N and security-address-add) in both variants. The
 * lookup variant asks for a postcode, lists its addresses and fills the chosen one's lines
 * for review; the manual variant shows the lines. A lookup that fails or finds nothing opens
 * the manual lines with the typed postcode and the lines already known kept, and says so
 * (docs/decisions/0077-a-failed-address-lookup-says-so.md).
 */
export function AddressStep({ at, manualPath, savedPath, intro, after }: AddressStepProps) {
  const lookupEnabled = useLookupEnabled();
  const storedManual = useApplication((application) => getAnswer(application, manualPath) === true);
  const manual = storedManual || !lookupEnabled;
  const [results, setResults] = useState<AddressChoice[]>(() => savedChoice(savedPath));
  const [chosenId, setChosenId] = useState<string | null>(
    () => savedChoice(savedPath)[0]?.id ?? null,
  );
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState('');
  const searching = useRef(false);
  const latestChoice = useRef(0);

  // The manual variant validates the lines one by one, which the journey keys on this flag.
  useLayoutEffect(() => {
    if (!lookupEnabled && !storedManual) setField(manualPath, true);
  }, [lookupEnabled, storedManual, manualPath]);

  const openManualForm = useCallback(() => {
    setAnnouncement('');
    flushSync(() => setField(manualPath, true));
    // The Find button has gone: focus goes to the first line now there to type into.
    document.getElementById(fieldId(`${at}.${ADDRESS_LINES[0] ?? 'street'}`))?.focus();
  }, [at, manualPath]);

  const find = useCallback(
    async (postcode: string) => {
      if (searching.current) return;
      searching.current = true;
      setAnnouncement('');
      setProblem('');
      const choiceBefore = latestChoice.current;
      try {
        const items = await lookupPostcode(postcode);
        // An address chosen from the list on show while this search ran stands.
        if (latestChoice.current !== choiceBefore) return;
        if (items.length === 0) {
          // The lines already known (an address chosen before) stay for the visitor to check.
          setResults([]);
          setProblem(lookupProblem.nothingFound(postcode));
          openManualForm();
          return;
        }
        latestChoice.current += 1;
        setResults(items.map((item) => ({ id: item.udprn, text: item.Address })));
        setChosenId(null);
        setFields({
          ...clearedLines(at),
          ...(savedPath !== undefined && {
            [`${savedPath}.value`]: null,
            [`${savedPath}.streetAddress`]: null,
          }),
        });
        setAnnouncement(`${items.length} ${items.length === 1 ? 'address' : 'addresses'} found`);
      } finally {
        searching.current = false;
      }
    },
    [at, savedPath, openManualForm],
  );

  const choose = useCallback(
    async (id: string | null) => {
      const request = (latestChoice.current += 1);
      setChosenId(id);
      setProblem('');
      const choice = results.find((result) => result.id === id);
      // Cleared while the chosen address's lines are on their way (Continue must not send the
      // last address's), and put back if they never come.
      const known = linesOf(at);
      setFields({
        ...clearedLines(at),
        ...(savedPath !== undefined && {
          [`${savedPath}.value`]: choice?.id ?? null,
          [`${savedPath}.streetAddress`]: choice?.text ?? null,
        }),
      });
      if (!choice) return;
      const detail = await lookupAddressById(choice.id);
      // A quicker keyboard user may have moved on to another address meanwhile.
      if (request !== latestChoice.current) return;
      if (!detail) {
        setChosenId(null);
        setFields({
          ...known,
          ...(savedPath !== undefined && {
            [`${savedPath}.value`]: null,
            [`${savedPath}.streetAddress`]: null,
          }),
        });
        setProblem(lookupProblem.noDetails);
        openManualForm();
        return;
      }
      setFields({
        ...Object.fromEntries(ADDRESS_LINES.map((line) => [`${at}.${line}`, detail[line] ?? null])),
        [`${at}.postcode`]: detail.postcode,
      });
    },
    [at, savedPath, results, openManualForm],
  );

  const overrides = useMemo<Record<string, FieldRenderer>>(
    () => ({
      [`${at}.postcode`]: (field: ResolvedField, context: FieldContext) => (
        <PostcodeFinder
          field={field}
          context={context}
          at={at}
          manual={manual}
          lookupEnabled={lookupEnabled}
          listed={results.length > 0}
          announcement={announcement}
          problem={problem}
          onFind={find}
          onToggle={() => {
            setAnnouncement('');
            setProblem('');
            setField(manualPath, !manual);
          }}
        />
      ),
      [at]: () => (
        <AddressResults at={at} results={results} chosenId={chosenId} onChoose={choose} />
      ),
    }),
    [at, manual, manualPath, lookupEnabled, results, announcement, problem, chosenId, find, choose],
  );

  return <StepScreen intro={intro} overrides={overrides} after={after} />;
}
