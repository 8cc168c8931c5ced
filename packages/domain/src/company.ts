/**
 * The broker's legal identity, which each white-label deployment configures: the one list of its
 * details. The server reads each from its variable and serves them at `GET /api/config` under
 * `company`; the browser shows them in the footer and the legal texts, whose versioned wording
 * holds each detail's placeholder (docs/decisions/0033-disclosure-texts-and-versions.md).
 */
export const COMPANY_KEYS = [
  'name',
  'number',
  'fcaNumber',
  'address',
  'email',
  'phone',
  'icoNumber',
] as const;

export type CompanyDetail = (typeof COMPANY_KEYS)[number];
export type CompanyDetails = Record<CompanyDetail, string>;

export interface CompanySetting {
  /** The environment variable that sets it (required outside `local`). */
  variable: string;
  meaning: string;
  /** Where the versioned legal texts hold it. */
  placeholder: string;
  /**
   * The value in `local` when the variable is unset. Clearly fictional: 01632 960xxx is an Ofcom
   * drama range and example.com is reserved (RFC 2606).
   */
  sample: string;
}

export const COMPANY_SETTINGS: Readonly<Record<CompanyDetail, CompanySetting>> = {
  name: {
    variable: 'COMPANY_NAME',
    meaning: 'registered name',
    placeholder: '[firm name]',
    sample: 'Example Finance Broker Ltd (sample data)',
  },
  number: {
    variable: 'COMPANY_NUMBER',
    meaning: 'Companies House registration number',
    placeholder: '[company number]',
    sample: '00000000',
  },
  fcaNumber: {
    variable: 'FCA_NUMBER',
    meaning: 'FCA Firm Reference Number',
    placeholder: '[FCA number]',
    sample: '000000',
  },
  address: {
    variable: 'COMPANY_ADDRESS',
    meaning: 'registered office, on one line',
    placeholder: '[registered office]',
    sample: '1 Example Street, Sampletown, AB1 2CD',
  },
  email: {
    variable: 'COMPANY_EMAIL',
    meaning: 'contact e-mail address, also the portal mail’s sender',
    placeholder: '[e-mail address]',
    sample: 'hello@example.com',
  },
  phone: {
    variable: 'COMPANY_PHONE',
    meaning: 'contact phone number',
    placeholder: '[phone number]',
    sample: '01632 960000',
  },
  icoNumber: {
    variable: 'ICO_NUMBER',
    meaning: 'registration number on the ICO’s register of fee payers',
    placeholder: '[ICO number]',
    sample: 'ZA000000',
  },
};

/** The details, each given by `detail`. */
export function companyDetails(detail: (key: CompanyDetail) => string): CompanyDetails {
  const details = {} as CompanyDetails;
  for (const key of COMPANY_KEYS) details[key] = detail(key);
  return details;
}

/** Until the deployment's details arrive: the name alone (the brand's), the rest empty. */
export function companyNamed(name: string): CompanyDetails {
  return companyDetails((key) => (key === 'name' ? name : ''));
}
