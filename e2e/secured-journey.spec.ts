import { expect, test } from '@playwright/test';
import { payloadOf, waitForApplication } from './support/db';
import {
  SECURED_EXAMPLE_TEXTS,
  answerThisSecuredScreen,
  completeSecuredJourneyUpTo,
  pathOf,
  securedApplicant,
  thenIShouldSeeTheRepossessionWarning,
} from './support/secured';
import { keyboard } from './support/secured-keyboard';
import { thenIShouldBeOn, thenIShouldSee } from './support/user';

// The whole secured journey, as a homeowner applying with their partner: the home found by
// postcode, the property to borrow against typed in by hand, then the stored application.

// Every screen after the first question is a step of a secured application, so every one
// shows the warning and the example (docs/decisions/0011-secured-disclosure-from-the-frame.md).
const screenHasTheDisclosure = (path: string) => path !== '/';

test('a secured loan with a joint applicant is sent, stored and thanked for', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const who = securedApplicant(testInfo);
  const visited: string[] = [];

  await completeSecuredJourneyUpTo(page, '/complete', who, async (path) => {
    visited.push(path);
    if (screenHasTheDisclosure(path)) {
      await thenIShouldSeeTheRepossessionWarning(page);
      for (const text of SECURED_EXAMPLE_TEXTS) await thenIShouldSee(page, text);
    }
    if (path === '/address/1') {
      // The lookup announces what it found, politely, and fills the lines for review.
      await answerThisSecuredScreen(page, who);
      await expect(page.getByRole('status')).toHaveText('5 addresses found');
      await expect(page.getByLabel('Flat or unit', { exact: true })).toHaveValue('Flat 1');
      await expect(page.getByLabel('House name', { exact: true })).toHaveValue('Fournier House');
      await expect(page.getByLabel('House number', { exact: true })).toHaveValue('12');
      await expect(page.getByLabel('Street', { exact: true })).toHaveValue('Commercial Street');
      await expect(page.getByLabel('Town or city', { exact: true })).toHaveValue('London');
      await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('E1 6AN');
      return 'answered';
    }
    return undefined;
  });

  expect(visited).toEqual([
    '/',
    '/looking-to-borrow',
    '/term-to-borrow',
    '/property-details',
    '/marital-status',
    '/date-of-birth',
    '/employment/1',
    '/employment-length/1',
    '/employment-income/1',
    '/address/1',
    '/residential-status/1',
    '/address-length/1',
    '/security-address-confirm',
    '/security-address-add',
    '/own-other-properties',
    '/personal',
    '/contact',
    '/optins',
    '/joint',
    '/joint-customer-details',
    '/joint-date-of-birth',
    '/joint-employment-add',
    '/joint-employment-length',
    '/joint-employment-income',
    '/joint-customer-contact',
    '/joint-optins',
    '/breathing-space',
    '/soft-search',
    '/fair-processing-notice',
    '/before-you-submit',
    '/submit',
  ]);
  await thenIShouldBeOn(page, '/complete');
  const evoId = new URL(page.url()).searchParams.get('evoId');
  expect(evoId).toBeTruthy();

  const row = await waitForApplication(
    (stored) => stored.email_lower === who.applicant.email && stored.status === 'complete',
  );
  expect(row.outcome).toBe('approved');
  expect(row.application_id).toBe(evoId);
  const payload = payloadOf(row);
  expect(payload).toMatchObject({
    loanPurposeType: 'HomeImprovements',
    financeType: 'Secured',
    loanAmount: 25000,
    term: 15,
    propertyValue: 350000,
    mortgageBalance: 120000,
    propertyBedrooms: 3,
    propertyType: 'SemiDetached',
    ownOtherProperties: false,
    agreeSoftSearch: true,
    discussFinancialCircumstances: false,
    additionalNeedsRequirements: false,
    isSecurityCurrentAddress: false,
    isJointApplication: true,
    termsAndConditionsAgreed: true,
    IsCompleted: true,
  });
  // The current address, found by postcode: 30 years at it is sent as the cap of 25.
  expect(payload.addresses).toEqual([
    {
      addressIndex: 0,
      flatNumber: 'Flat 1',
      buildingName: 'Fournier House',
      buildingNumber: '12',
      street: 'Commercial Street',
      town: 'London',
      county: 'Greater London',
      postcode: 'E1 6AN',
      yearsAtAddress: 25,
      monthsAtAddress: 0,
      residentialStatus: 'HomeownerWithMortgage',
    },
  ]);
  // The property to borrow against, typed in by hand (the postcode normalised), and how long
  // it has been owned: no residential status, it is not a home the applicant lives in.
  expect(payload.securityAddress).toEqual({
    buildingNumber: '7',
    street: 'Heol y Deri',
    town: 'Cardiff',
    postcode: 'CF14 6HF',
    yearsAtAddress: 12,
    monthsAtAddress: 3,
  });
  expect(payload.JointApplicant).toEqual({
    title: 'Mr',
    firstName: 'Sam',
    lastName: 'Morgan',
    email: who.joint!.email,
    contactNumber: who.joint!.phone,
    dateOfBirth: '1978-11-02T00:00:00.000',
    maritalStatus: 'Married',
    employmentStatus: 'SelfEmployed',
    yearsAtEmployer: 12,
    monthsAtEmployer: 6,
    netMonthlyIncome: 2800,
    IsOptedEmail: true,
    IsOptedSms: false,
    IsOptedPhone: false,
    IsOptedPost: false,
    IsOptedThirdParty: false,
    IsOptedEmailThirdParty: false,
    IsOptedSmsThirdParty: false,
    IsOptedPhoneThirdParty: false,
    IsOptedPostThirdParty: false,
  });
  expect(pathOf(page)).toBe('/complete');
});

test('with the keyboard alone: a secured loan on the current home, with a joint applicant', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const who = { ...securedApplicant(testInfo), purpose: 'Debt consolidation', security: null };
  const hands = keyboard(page);

  await completeSecuredJourneyUpTo(
    page,
    '/complete',
    who,
    async (path) => {
      if (path === '/address/1') {
        // Enter in the postcode box finds the addresses rather than sending the step.
        await hands.fillIn('Postcode', 'EH1 1YZ');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('status')).toHaveText(/^\d+ addresses found$/);
        await hands.selectFrom(
          'Select an address',
          'Flat 1F1, 201 High Street, Edinburgh, EH1 1YZ',
        );
        await expect(page.getByLabel('Town or city', { exact: true })).toHaveValue('Edinburgh');
        return 'answered';
      }
      if (path === '/breathing-space') {
        await hands.press('What is Breathing Space?');
        const dialog = page.getByRole('dialog', {
          name: 'Breathing Space (the Debt Respite Scheme)',
        });
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('button', { name: 'What is Breathing Space?' })).toBeFocused();
      }
      return undefined;
    },
    hands,
  );

  await thenIShouldBeOn(page, '/complete');
  const row = await waitForApplication(
    (stored) => stored.email_lower === who.applicant.email && stored.status === 'complete',
  );
  const payload = payloadOf(row);
  expect(payload).toMatchObject({
    loanPurposeType: 'DebtConsolidation',
    isSecurityCurrentAddress: true,
    isJointApplication: true,
    JointApplicant: { firstName: 'Sam', dateOfBirth: '1978-11-02T00:00:00.000' },
  });
  expect(payload.addresses).toMatchObject([{ postcode: 'EH1 1YZ', yearsAtAddress: 25 }]);
  // A copy of the current home: its 30 years are sent as the security copy's cap of 10.
  expect(payload.securityAddress).toMatchObject({
    flatNumber: 'Flat 1F1',
    town: 'Edinburgh',
    postcode: 'EH1 1YZ',
    yearsAtAddress: 10,
    monthsAtAddress: 0,
  });
});
