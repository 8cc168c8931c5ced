/**
 * The broker's legal identity, as `GET /api/config` returns it under `company`. Legal texts take
 * it as a prop rather than hard-coding it, because every white-label deployment is its own firm.
 */
export interface CompanyDetails {
  name: string;
  /** Companies House registration number. */
  number: string;
  /** FCA Firm Reference Number. */
  fcaNumber: string;
  /** Registered office, on one line. */
  address: string;
  email: string;
  phone: string;
  /** Registration number on the ICO's register of fee payers. */
  icoNumber: string;
}
