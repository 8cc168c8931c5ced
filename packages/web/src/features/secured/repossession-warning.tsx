import './secured.css';
import { REPOSSESSION_WARNING } from '@broker/domain';
import { useDisclosureShown } from '../../evidence/recorder';

export { REPOSSESSION_WARNING };

/** GOV.UK warning text: the icon is decoration, 'Warning' is read out instead. */
export function RepossessionWarning() {
  useDisclosureShown('repossession-warning');
  return (
    <div className="warning-text">
      <span className="warning-text__icon" aria-hidden="true">
        !
      </span>
      <p className="warning-text__text">
        <span className="visually-hidden">Warning: </span>
        {REPOSSESSION_WARNING}
      </p>
    </div>
  );
}
