import { setField, useApplication } from '../../../state/application-store';
import { getAt } from '../../../lib/path';

/** Where the "enter it by hand" choice of an address path is kept (journey `addressFields`). */
function manualFlagPath(addressPath: string): string {
  const entry = /^form\.addresses\.(\d+)$/.exec(addressPath);
  return entry ? `savedAddresses.${entry[1]}.manual` : `${addressPath}.manual`;
}

/**
 * The generic screen's stand-in for the postcode lookup: a way to the manual address lines.
 * The address screens replace it with the lookup (AddressSelect) when lookup is enabled.
 */
export function ManualAddressSwitch({ path }: { path: string }) {
  const flag = manualFlagPath(path);
  const manual = useApplication((application) => getAt(application, flag) === true);
  const disabled = useApplication((application) => application.lockDown);
  if (manual) return null;
  return (
    <div className="form-group" id={path.replaceAll('.', '-')}>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => setField(flag, true)}
      >
        Enter the address manually
      </button>
    </div>
  );
}
