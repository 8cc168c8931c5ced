import './secured.css';
import { useDisclosureShown } from '../../evidence/recorder';

/** docs/design.md D11: the risk warning the FCA requires wherever a loan secured on a home is offered. */
export const REPOSSESSION_WARNING =
  'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.';

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
