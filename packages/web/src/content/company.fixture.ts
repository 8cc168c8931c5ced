import type { CompanyDetails } from '@broker/domain';

/** Distinctive values, so a test can tell each detail came from the prop and not from the text. */
export const TEST_COMPANY = {
  name: 'Testbridge Motor Finance Ltd',
  number: '09876543',
  fcaNumber: '765432',
  address: '12 Fixture Row, Leeds, LS1 4AB',
  email: 'privacy@testbridge.example',
  phone: '0113 496 0999',
  icoNumber: 'ZB123456',
} satisfies CompanyDetails;
