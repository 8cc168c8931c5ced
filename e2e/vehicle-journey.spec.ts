import { expect, test, type Page } from '@playwright/test';
import { payloadOf, waitForApplication } from './support/db';
import {
  iChooseWithArrows,
  iPressEnterOn,
  iSelectWithArrows,
  iTabTo,
  iTickWithSpace,
  iTypeInto,
} from './support/keyboard';
import {
  andIGoBack,
  fillIn,
  iVisit,
  selectFrom,
  thenIShouldBeOn,
  thenIShouldSeeTheHeading,
  whenIChoose,
} from './support/user';
import {
  andIContinueToTheNextScreen,
  andIWaitForTheNextScreen,
  andTheRestAsTheTestApplicant,
  completeVehicleJourneyUpTo,
  fillInAddress,
  fillInEmployment,
  fillInYearsAndMonths,
  iHaveAnsweredTheCookieBanner,
  MARITAL_STATUS,
  VEHICLE_APPLICANT,
  type VehicleApplicant,
} from './support/vehicle';

// Whole journeys: each test answers twenty-odd screens.
test.describe.configure({ timeout: 90_000 });

// The server flags a second application from the same person within 30 days as a duplicate
// (docs/design.md §3), so every test that submits is a different person.
function applicant(overrides: Partial<VehicleApplicant>): VehicleApplicant {
  return { ...VEHICLE_APPLICANT, ...overrides };
}

/**
 * Continue to the screen at `path`: any question of this screen the test did not answer is
 * answered as the shared test applicant answers it first, so a new question on a screen does not
 * stop the walk (a question the test answers keeps the test's answer).
 */
async function andIContinueTo(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await andTheRestAsTheTestApplicant(page, 'vehicle');
  await andIContinueToTheNextScreen(page);
  await thenIShouldBeOn(page, path);
  await thenIShouldSeeTheHeading(page, heading);
}

test.describe('a vehicle-finance application', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('from / to the thank-you page on a phone, stored as the applicant typed it', async ({
    page,
  }) => {
    const person = applicant({ email: 'journey.applicant@example.com', phone: '07911 200300' });
    await iHaveAnsweredTheCookieBanner(page);
    await iVisit(page, '/');
    await thenIShouldSeeTheHeading(page, 'What do you need the money for?');
    await whenIChoose(page, 'A vehicle');

    await andIContinueTo(page, '/loan-type', 'What type of vehicle finance are you looking for?');
    await whenIChoose(page, 'Hire purchase');

    await andIContinueTo(page, '/looking-to-buy', 'Have you found the vehicle you want to buy?');
    await whenIChoose(page, 'Yes, I have found a vehicle');

    await andIContinueTo(page, '/deposit', 'Do you have a deposit?');
    await whenIChoose(page, 'Yes');
    await fillIn(page, 'How much is your deposit?', '1500');

    await andIContinueTo(page, '/amount-to-finance', 'How much would you like to borrow?');
    await fillIn(page, 'Or type the amount in pounds', '12500');
    await expect(page.getByRole('slider', { name: 'Choose with the slider' })).toHaveValue('12500');

    await andIContinueTo(page, '/driving-licence', 'What type of driving licence do you have?');
    await whenIChoose(page, 'Full UK licence');

    await andIContinueTo(page, '/marital-status', 'What is your marital status?');
    await selectFrom(page, MARITAL_STATUS, 'Married');

    await andIContinueTo(page, '/date-of-birth', 'What is your date of birth?');
    await fillIn(page, 'Day', '7');
    await fillIn(page, 'Month', '3');
    await fillIn(page, 'Year', '1980');
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue('07');
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue('03');

    await andIContinueTo(page, '/employment/1', 'What is your employment status?');
    await fillInEmployment(page, person.employments[0]!);

    await andIContinueTo(
      page,
      '/employment-length/1',
      'How long have you worked for your current employer?',
    );
    await fillInYearsAndMonths(page, '2', '6');

    // Two and a half years is not three: the journey asks what came before.
    await andIContinueTo(page, '/employment-add/2', 'What was your previous employment status?');
    await fillInEmployment(page, person.employments[1]!);

    await andIContinueTo(page, '/employment-length/2', 'How long did you work there?');
    await fillInYearsAndMonths(page, '30', '4');

    await andIContinueTo(page, '/employment-income/1', 'What is your net monthly income?');
    await fillIn(page, 'What is your net monthly income?', '2450');

    await andIContinueTo(page, '/address/1', /address/i);
    await fillInAddress(page, person.addresses[0]!);

    await andIContinueTo(page, '/residential-status/1', 'What is your residential status?');
    await whenIChoose(page, 'Private tenant');

    await andIContinueTo(page, '/address-length/1', 'How long have you lived at this address?');
    await fillInYearsAndMonths(page, '1', '3');

    await andIContinueTo(page, '/address/2', /address/i);
    await fillInAddress(page, person.addresses[1]!);

    await andIContinueTo(
      page,
      '/residential-status/2',
      'What was your residential status at that address?',
    );
    await whenIChoose(page, 'Living with parents');

    await andIContinueTo(page, '/address-length/2', 'How long did you live there?');
    await fillInYearsAndMonths(page, '30', '0');

    await andIContinueTo(page, '/personal', 'What is your name?');
    await whenIChoose(page, 'Ms');
    await fillIn(page, 'First name', 'jane');
    await fillIn(page, 'Last name', 'doe-smith');

    await andIContinueTo(page, '/contact', 'How can we contact you?');
    await fillIn(page, 'Email address', person.email);
    await page.getByLabel('Phone number', { exact: true }).pressSequentially(person.phone);
    await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('07911200300');
    await whenIChoose(page, 'I have read and agree to the Terms & Conditions');

    await andIContinueTo(page, '/optins', 'How would you like to hear from us?');
    for (const box of await page.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
    await whenIChoose(page, 'Email', { within: 'Marketing from us' });
    await whenIChoose(page, 'Post', { within: 'Marketing from our lending partners' });

    await andIContinueTo(page, '/joint', 'Would you like to add a joint applicant?');
    await whenIChoose(page, 'No');

    await andIContinueTo(page, '/before-you-submit', 'Check your answers before you submit');
    const summary = page.getByRole('main');
    await expect(summary.getByRole('definition').filter({ hasText: 'Jane' })).toHaveCount(1);
    await expect(summary).toContainText('7 March 1980');
    await expect(summary).toContainText('2 years 6 months');
    await expect(summary).toContainText('£12,500');

    await andIContinueTo(page, '/submit', 'Submit your application');
    await page.getByRole('button', { name: 'Submit application' }).click();

    await thenIShouldBeOn(page, '/complete');
    await thenIShouldSeeTheHeading(page, 'Application sent');
    const applicationId = new URL(page.url()).searchParams.get('evoId');
    expect(applicationId).toBeTruthy();
    // The short reference (decision 0030) is what the page offers, not the 36-character id.
    const reference = new URL(page.url()).searchParams.get('ref');
    expect(reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    await expect(page.getByText(reference!, { exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(applicationId!);

    const stored = await waitForApplication(
      (row) => row.email_lower === person.email && row.status === 'complete',
    );
    expect(stored.outcome).toBe('approved');
    expect(stored.application_id).toBe(applicationId);
    expect(stored.reference).toBe(reference);
    expect(payloadOf(stored)).toMatchObject({
      loanPurposeType: 'Vehicle',
      financeType: 'HirePurchase',
      lookingToBuy: 'FoundVehicle',
      cashDeposit: 1500,
      loanAmount: 12500,
      drivingLicenceType: 'FullUK',
      maritalStatus: 'Married',
      dateOfBirth: '1980-03-07T00:00:00.000',
      netMonthlyIncome: 2450,
      title: 'Ms',
      firstName: 'Jane',
      lastName: 'Doe-smith',
      email: person.email,
      contactNumber: '07911200300',
      IsOptedEmail: true,
      IsOptedSms: false,
      IsOptedPost: false,
      IsOptedPostThirdParty: true,
      IsOptedThirdParty: false,
      isJointApplication: false,
      termsAndConditionsAgreed: true,
      IsCompleted: true,
      employments: [
        {
          employmentIndex: 0,
          employmentStatus: 'FullTime',
          occupation: 'engineer',
          employerName: 'Acme Engineering Ltd',
          Town: 'Leeds',
          yearsAtEmployer: 2,
          monthsAtEmployer: 6,
        },
        // 30 years typed, capped at 25 in the payload (docs/product.md §5).
        { employmentIndex: 1, employmentStatus: 'SelfEmployed', yearsAtEmployer: 25 },
      ],
      addresses: [
        {
          addressIndex: 0,
          postcode: 'LS1 4AP',
          street: 'Park Row',
          town: 'Leeds',
          residentialStatus: 'PrivateTenant',
          yearsAtAddress: 1,
          monthsAtAddress: 3,
        },
        { addressIndex: 1, postcode: 'YO1 7HH', yearsAtAddress: 25, monthsAtAddress: 0 },
      ],
    });
  });

  test('a reload keeps every answer, and Previous back to the start and on again loses nothing', async ({
    page,
  }) => {
    await completeVehicleJourneyUpTo(page, '/personal');
    await whenIChoose(page, 'Ms');
    await fillIn(page, 'First name', 'Jane');

    await page.reload();
    await thenIShouldSeeTheHeading(page, 'What is your name?');
    await expect(page.getByRole('radio', { name: 'Ms', exact: true })).toBeChecked();
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Jane');

    const visited: string[] = [];
    while (new URL(page.url()).pathname !== '/') {
      await andIWaitForTheNextScreen(page, () => andIGoBack(page));
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      const path = new URL(page.url()).pathname;
      visited.push(path);
      await thenTheAnswerIsStillThere(page, path);
    }
    expect(visited).toEqual([
      '/address-length/2',
      '/residential-status/2',
      '/address/2',
      '/address-length/1',
      '/residential-status/1',
      '/address/1',
      '/employment-income/1',
      '/employment-length/2',
      '/employment-add/2',
      '/employment-length/1',
      '/employment/1',
      '/date-of-birth',
      '/marital-status',
      '/driving-licence',
      '/amount-to-finance',
      '/deposit',
      '/looking-to-buy',
      '/loan-type',
      '/',
    ]);

    // Forward again with Continue alone: every screen is still answered.
    for (const path of [...visited.reverse().slice(1), '/personal']) {
      await andIContinueToTheNextScreen(page);
      await thenIShouldBeOn(page, path);
    }
    await expect(page.getByRole('radio', { name: 'Ms', exact: true })).toBeChecked();
  });

  test('Change on the check-answers page returns there, through any new questions it opens', async ({
    page,
  }) => {
    const settled = applicant({
      employments: [{ ...VEHICLE_APPLICANT.employments[0]!, years: '6', months: '0' }],
      addresses: [{ ...VEHICLE_APPLICANT.addresses[0]!, years: '8', months: '0' }],
    });
    await completeVehicleJourneyUpTo(page, '/before-you-submit', settled);
    await expect(page.getByRole('heading', { name: 'Previous address' })).toHaveCount(0);

    await andIWaitForTheNextScreen(page, () =>
      page.getByRole('link', { name: 'Change marital status' }).click(),
    );
    await thenIShouldBeOn(page, '/marital-status');
    expect(new URL(page.url()).search).toBe('?change=1');
    await selectFrom(page, MARITAL_STATUS, 'Single');
    await andIContinueTo(page, '/before-you-submit', 'Check your answers before you submit');
    await expect(
      page
        .getByRole('term')
        .filter({ hasText: /^Marital status$/ })
        .locator('+ dd'),
    ).toHaveText('Single');

    // Eight years at the address becomes one: the journey now needs a previous address.
    await andIWaitForTheNextScreen(page, () =>
      page.getByRole('link', { name: 'Change how long, current address' }).click(),
    );
    await thenIShouldBeOn(page, '/address-length/1');
    await fillInYearsAndMonths(page, '1', '0');
    await andIContinueTo(page, '/address/2', /address/i);
    await fillInAddress(page, VEHICLE_APPLICANT.addresses[1]!);
    await andIContinueTo(page, '/residential-status/2', /residential status/);
    await whenIChoose(page, 'Living with parents');
    await andIContinueTo(page, '/address-length/2', 'How long did you live there?');
    await fillInYearsAndMonths(page, '4', '0');
    await andIContinueTo(page, '/before-you-submit', 'Check your answers before you submit');
    await expect(page.getByRole('heading', { name: 'Previous address' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Minster Yard');
  });
});

async function thenTheAnswerIsStillThere(page: Page, path: string): Promise<void> {
  const person = VEHICLE_APPLICANT;
  const n = Number(/\/(\d+)$/.exec(path)?.[1] ?? '1');
  const job = person.employments[n - 1]!;
  const home = person.addresses[n - 1]!;
  const checked = (name: string) =>
    expect(page.getByRole('radio', { name, exact: true })).toBeChecked();
  const value = (label: string, text: string) =>
    expect(page.getByLabel(label, { exact: true })).toHaveValue(text);
  const selected = (label: string | RegExp, text: string) =>
    expect(page.getByLabel(label).locator('option:checked')).toHaveText(text);
  switch (path.replace(/\/\d+$/, '')) {
    case '/':
      return checked(person.loanPurpose);
    case '/loan-type':
      return checked(person.financeType);
    case '/looking-to-buy':
      return checked(person.lookingToBuy);
    case '/deposit':
      await checked('Yes');
      return value('How much is your deposit?', person.deposit!);
    case '/amount-to-finance':
      return value('Or type the amount in pounds', person.loanAmount);
    case '/driving-licence':
      return checked(person.licence);
    case '/marital-status':
      return selected(MARITAL_STATUS, person.maritalStatus);
    case '/date-of-birth':
      await value('Day', person.dateOfBirth.day);
      await value('Month', person.dateOfBirth.month);
      return value('Year', person.dateOfBirth.year);
    case '/employment':
    case '/employment-add':
      await selected(/employment status\?$/, job.status);
      return value('Employer name', job.employer!);
    case '/employment-length':
    case '/address-length': {
      const years = path.startsWith('/employment') ? job.years : home.years;
      const months = path.startsWith('/employment') ? job.months : home.months;
      await value('Years', years);
      return value('Months', months);
    }
    case '/employment-income':
      return value('What is your net monthly income?', person.income);
    case '/address':
      return expect(page.getByRole('textbox', { name: /postcode/i })).toHaveValue(
        new RegExp(home.postcode.replace(/\s/g, '').split('').join('\\s?'), 'i'),
      );
    case '/residential-status':
      return checked(home.residentialStatus);
    default:
      throw new Error(`No answer to check on ${path}`);
  }
}

test.describe('with the keyboard alone', () => {
  test('the whole vehicle journey, from the cookie banner to the thank-you page', async ({
    page,
  }) => {
    const person = applicant({ email: 'keyboard.only@example.com' });
    await iVisit(page, '/');
    await iPressEnterOn(page, page.getByRole('button', { name: 'Reject analytics cookies' }));

    const main = page.getByRole('main');
    const group = (name: string | RegExp) => main.getByRole('group', { name });
    const box = (label: string | RegExp) => main.getByLabel(label, { exact: true });
    const onwards = async (path: string) => {
      await andTheRestAsTheTestApplicant(page, 'vehicle');
      await iPressEnterOn(page, main.getByRole('button', { name: 'Continue', exact: true }));
      await thenIShouldBeOn(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    };

    await iChooseWithArrows(page, group('What do you need the money for?'), 'A vehicle');
    await onwards('/loan-type');
    await iChooseWithArrows(page, group(/vehicle finance/), 'Personal contract purchase (PCP)');
    await onwards('/looking-to-buy');
    await iChooseWithArrows(page, group(/found the vehicle/), 'No, I am still looking');
    await onwards('/deposit');
    await iChooseWithArrows(page, group('Do you have a deposit?'), 'No');
    await onwards('/amount-to-finance');
    // The slider moves in £250 steps with the arrow keys.
    const slider = main.getByRole('slider');
    await iTabTo(page, slider);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(box('Or type the amount in pounds')).toHaveValue('10500');
    await onwards('/driving-licence');
    await iChooseWithArrows(page, group(/driving licence/), 'Provisional UK licence');
    await onwards('/marital-status');
    await iSelectWithArrows(page, box(MARITAL_STATUS), 'Living with a partner');
    await onwards('/date-of-birth');
    // Two digits move focus on to the next box (docs/product.md §2), so the date types straight through.
    await iTabTo(page, box('Day'));
    await page.keyboard.type('21111992');
    await expect(box('Day')).toHaveValue('21');
    await expect(box('Month')).toHaveValue('11');
    await expect(box('Year')).toHaveValue('1992');
    await onwards('/employment/1');
    await iSelectWithArrows(page, box('What is your employment status?'), 'Retired');
    await onwards('/employment-length/1');
    await iTypeInto(page, box('Years'), '12');
    await onwards('/employment-income/1');
    await iTypeInto(page, box('What is your net monthly income?'), '1800');
    await onwards('/address/1');
    await iTypeInto(page, main.getByRole('textbox', { name: /postcode/i }), 'M1 1AE');
    const manual = main
      .getByRole('button', { name: /manually/i })
      .or(main.getByRole('link', { name: /manually/i }));
    if (await manual.first().isVisible()) await iPressEnterOn(page, manual.first());
    await iTypeInto(page, main.getByRole('textbox', { name: /^house number/i }), '4');
    await iTypeInto(page, main.getByRole('textbox', { name: /^street/i }), 'Piccadilly');
    await iTypeInto(page, main.getByRole('textbox', { name: /^town/i }), 'Manchester');
    await onwards('/residential-status/1');
    await iChooseWithArrows(page, group(/residential status/), 'Homeowner without a mortgage');
    await onwards('/address-length/1');
    await iTypeInto(page, box('Years'), '20');
    await onwards('/personal');
    await iChooseWithArrows(page, group('Title'), 'Mr');
    await iTypeInto(page, box('First name'), 'sam');
    await iTypeInto(page, box('Last name'), 'keys');
    await onwards('/contact');
    await iTypeInto(page, box('Email address'), person.email);
    await iTypeInto(page, box('Phone number'), '02079470123');
    await iTickWithSpace(
      page,
      main.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' }),
    );
    await onwards('/optins');
    await iTickWithSpace(page, main.getByRole('checkbox', { name: /third parties/ }));
    await onwards('/joint');
    await iChooseWithArrows(page, group(/joint applicant/), 'No');
    await onwards('/before-you-submit');
    await expect(main).toContainText('21 November 1992');
    await onwards('/submit');
    await iPressEnterOn(page, main.getByRole('button', { name: 'Submit application' }));
    await thenIShouldBeOn(page, '/complete');
    await thenIShouldSeeTheHeading(page, 'Application sent');

    const stored = await waitForApplication((row) => row.email_lower === person.email);
    expect(payloadOf(stored)).toMatchObject({
      financeType: 'PersonalContractPurchase',
      loanAmount: 10500,
      cashDeposit: 0,
      firstName: 'Sam',
      lastName: 'Keys',
      dateOfBirth: '1992-11-21T00:00:00.000',
      contactNumber: '02079470123',
      IsOptedThirdParty: true,
    });
  });
});
