import { getAnswer, type StatePath } from '@broker/domain';
import { setField, useApplication } from '../../../state/application-store';

/** Where the "enter it by hand" choice of an address path is kept (journey `addressFields`). */
export function manualFlagPath(addressPath: StatePath): StatePath {
  const entry = /^form\.addresses\.(\d+)$/.exec(addressPath);
  if (entry) return `savedAddresses.${Number(entry[1])}.manual`;
  return addressPath === 'form.securityAddress' ? 'form.securityAddress.manual' : addressPath;
}

/**
 * The generic screen's stand-in for the postcode lookup: a way to the manual address lines.
 * The address screens replace it with the lookup (AddressSelect) when lookup is enabled.
 */
export function ManualAddressSwitch({ path }: { path: StatePath }) {
  const flag = manualFlagPath(path);
  const manual = useApplication((application) => getAnswer(application, flag) === true);
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
