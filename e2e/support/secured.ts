import { expect, test, type ElementHandle, type Page, type TestInfo } from '@playwright/test';
import { fillIn, iVisit, selectFrom, thenIShouldBeOn, whenIChoose, type WithinGroup } from './user';
import { andTheRestAsTheTestApplicant, MARITAL_STATUS } from './vehicle';

// A homeowner borrowing against a property, with a joint applicant, and the steps that take
// them through the secured journey. Like the vehicle helpers, `answerThisSecuredScreen`
// answers whichever screen the browser is on, so the journey's order stays the app's business.

export const REPOSSESSION_WARNING =
  'Your home may be repossessed if you do not keep up repayments on a mortgage or any other debt secured on it.';

/** The warning reads 'Warning:' first to a screen reader, as GOV.UK warning text does. */
export async function thenIShouldSeeTheRepossessionWarning(page: Page): Promise<void> {
  await expect(
    page.getByText(`Warning: ${REPOSSESSION_WARNING}`, { exact: true }).first(),
  ).toBeVisible();
}

/** docs/product.md §9's secured-loan disclosure, line by line as the representative example shows it. */
export const SECURED_EXAMPLE_TEXTS = [
  '£26,600 over 180 months at a variable rate of 19.56% a year.',
  '£484.00',
  '£2,660.00 (10%)',
  '£763 England and Wales / £1,051 Scotland / £1,736 Northern Ireland',
  '£87,030.00',
  'Representative 28.96% APRC',
  'Rates from 11.7% to 46.5%. Maximum 50% APRC. The rate is variable, so your repayments may go up or down.',
] as const;

export interface Person {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  maritalStatus: string;
  dateOfBirth: { day: string; month: string; year: string };
  employmentStatus: string;
  occupation?: string;
  employer?: string;
  employerTown?: string;
  years: string;
  months: string;
  income: string;
}

/** An address found by postcode (`choose` is its line in the list) or typed in (`lines`). */
export type AddressAnswer =
  | { postcode: string; choose: string }
  | {
      postcode: string;
      lines: { houseName?: string; houseNumber?: string; street: string; town: string };
    };

export interface SecuredApplicant {
  purpose: string;
  loanAmount: string;
  termYears: string;
  property: { value: string; mortgage: string; bedrooms: string; type: string };
  applicant: Person;
  home: AddressAnswer & { residentialStatus: string; years: string; months: string };
  /** null: the property is the current home; else it, and how long it has been owned. */
  security: (AddressAnswer & { owned: { years: string; months: string } }) | null;
  ownOtherProperties: 'Yes' | 'No';
  joint: (Person & { optIns: [string, string][] }) | null;
  breathingSpace: 'Yes' | 'No';
  softSearch: 'Yes' | 'No';
}

/**
 * Contact details no other test uses, so the server's duplicate check (same date of birth and
 * e-mail, or same phone, within 30 days) never turns this application into a duplicate.
 */
export function uniqueContact(testInfo: TestInfo, who: string): { email: string; phone: string } {
  const seed = (Date.now() * 10 + testInfo.workerIndex + (who === 'joint' ? 5 : 0)) % 10_000_000;
  return {
    email: `${who}.${testInfo.testId.slice(0, 8)}.${seed}@example.com`,
    // 0745 is a mobile range (docs/product.md §5 allows 070 to 075), far from Ofcom's drama numbers.
    phone: `0745${String(seed).padStart(7, '0')}`,
  };
}

export function securedApplicant(testInfo: TestInfo): SecuredApplicant {
  const me = uniqueContact(testInfo, 'applicant');
  const them = uniqueContact(testInfo, 'joint');
  return {
    purpose: 'Home improvements',
    loanAmount: '25000',
    termYears: '15',
    property: { value: '350000', mortgage: '120000', bedrooms: '3', type: 'Semi-detached house' },
    applicant: {
      title: 'Ms',
      firstName: 'alex',
      lastName: 'morgan',
      ...me,
      maritalStatus: 'Married',
      dateOfBirth: { day: '14', month: '06', year: '1980' },
      employmentStatus: 'Employed full time',
      occupation: 'nurse',
      employer: 'Royal London Hospital',
      employerTown: 'London',
      years: '8',
      months: '0',
      income: '3200',
    },
    home: {
      postcode: 'e1 6an',
      choose: 'Flat 1, Fournier House, 12 Commercial Street, London, E1 6AN',
      residentialStatus: 'Homeowner with a mortgage',
      years: '30',
      months: '0',
    },
    security: {
      postcode: 'cf14 6hf',
      lines: { houseNumber: '7', street: 'Heol y Deri', town: 'Cardiff' },
      owned: { years: '12', months: '3' },
    },
    ownOtherProperties: 'No',
    joint: {
      title: 'Mr',
      firstName: 'sam',
      lastName: 'morgan',
      ...them,
      maritalStatus: 'Married',
      dateOfBirth: { day: '02', month: '11', year: '1978' },
      employmentStatus: 'Self-employed',
      years: '12',
      months: '6',
      income: '2800',
      optIns: [['Marketing from us', 'Email']],
    },
    breathingSpace: 'No',
    softSearch: 'Yes',
  };
}

/** The cookie banner has been answered before, so it does not sit above every screen. */
export async function iHaveAnsweredTheCookieBanner(page: Page): Promise<void> {
  const url = test.info().project.use.baseURL ?? 'http://127.0.0.1:3100';
  await page.context().addCookies([{ name: 'cookie_consent', value: 'rejected', url }]);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Waits until the screen shown is the one at the address: the router keeps the previous
 * screen up while the next one's code loads, so a new URL alone does not mean a new screen.
 */
export async function theNewScreenIsShown(page: Page, previous: ElementHandle | null) {
  await previous?.waitForElementState('hidden');
  await previous?.dispose();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** How the applicant works the form: pointer and typing, or the keyboard alone. */
export interface Hands {
  /** Replaces what the box with this label holds. */
  fillIn(label: string, value: string): Promise<void>;
  /** Ticks the radio button or checkbox with this label. */
  choose(label: string, options?: WithinGroup): Promise<void>;
  selectFrom(label: string | RegExp, option: string): Promise<void>;
  press(button: string): Promise<void>;
}

export function pointer(page: Page): Hands {
  return {
    fillIn: (label, value) => fillIn(page, label, value),
    choose: (label, options) => whenIChoose(page, label, options),
    selectFrom: (label, option) => selectFrom(page, label, option),
    press: (button) => page.getByRole('button', { name: button, exact: true }).click(),
  };
}

/** Continue (on /submit its 'Submit application'), then wait for the next screen. */
export async function andIMoveOn(page: Page, hands: Hands = pointer(page)): Promise<string> {
  const before = pathOf(page);
  const screen = await page.locator('main .page').elementHandle();
  await hands.press(before === '/submit' ? 'Submit application' : 'Continue');
  await page.waitForURL((url) => url.pathname !== before);
  await theNewScreenIsShown(page, screen);
  return pathOf(page);
}

export async function fillInYearsAndMonths(
  page: Page,
  years: string,
  months: string,
  hands: Hands = pointer(page),
) {
  await hands.fillIn('Years', years);
  await hands.fillIn('Months', months);
}

export async function fillInDateOfBirth(
  page: Page,
  date: Person['dateOfBirth'],
  hands: Hands = pointer(page),
) {
  await hands.fillIn('Day', date.day);
  await hands.fillIn('Month', date.month);
  await hands.fillIn('Year', date.year);
}

/** Types the postcode and presses 'Find address'; the list's arrival is announced. */
export async function iFindTheAddressesAt(
  page: Page,
  postcode: string,
  hands: Hands = pointer(page),
): Promise<void> {
  await hands.fillIn('Postcode', postcode);
  await hands.press('Find address');
}

export async function iChooseTheAddress(
  page: Page,
  address: string,
  hands: Hands = pointer(page),
): Promise<void> {
  await hands.selectFrom('Select an address', address);
  await expect(page.getByRole('group', { name: 'Check the address' })).toBeVisible();
}

export async function iTypeTheAddressLines(
  page: Page,
  lines: Extract<AddressAnswer, { lines: unknown }>['lines'],
  hands: Hands = pointer(page),
): Promise<void> {
  if (lines.houseName !== undefined) await hands.fillIn('House name', lines.houseName);
  if (lines.houseNumber !== undefined) await hands.fillIn('House number', lines.houseNumber);
  await hands.fillIn('Street', lines.street);
  await hands.fillIn('Town or city', lines.town);
}

export async function iGiveTheAddress(
  page: Page,
  address: AddressAnswer,
  hands: Hands = pointer(page),
): Promise<void> {
  if ('choose' in address) {
    await iFindTheAddressesAt(page, address.postcode, hands);
    await expect(page.getByRole('status')).toHaveText(/^\d+ addresse?s? found$/);
    await iChooseTheAddress(page, address.choose, hands);
    return;
  }
  await hands.fillIn('Postcode', address.postcode);
  const manually = page.getByRole('button', { name: 'Enter the address manually', exact: true });
  if (await manually.isVisible()) await hands.press('Enter the address manually');
  await iTypeTheAddressLines(page, address.lines, hands);
}

async function fillInEmployment(hands: Hands, person: Person, whose: 'your' | 'their') {
  await hands.selectFrom(`What is ${whose} employment status?`, person.employmentStatus);
  if (person.occupation !== undefined) await hands.fillIn('Occupation', person.occupation);
  if (person.employer !== undefined) await hands.fillIn('Employer name', person.employer);
  if (person.employerTown !== undefined) await hands.fillIn('Employer town', person.employerTown);
}

/**
 * Answers the screen the browser is on for `who`: the questions this walk knows with `who`'s
 * answers, then any other empty box as the shared test applicant answers it (so a question
 * added to a screen does not stop the walks that pass it).
 */
export async function answerThisSecuredScreen(
  page: Page,
  who: SecuredApplicant,
  hands: Hands = pointer(page),
): Promise<void> {
  await answerKnownSecuredQuestions(page, who, hands);
  await andTheRestAsTheTestApplicant(page, who.joint ? 'joint' : 'secured');
}

async function answerKnownSecuredQuestions(
  page: Page,
  who: SecuredApplicant,
  hands: Hands,
): Promise<void> {
  const path = pathOf(page);
  const me = who.applicant;
  const joint = who.joint;
  const h = hands;
  switch (path.replace(/\/\d+$/, '')) {
    case '/':
      return h.choose(who.purpose);
    case '/looking-to-borrow':
      return h.fillIn('Or type the amount in pounds', who.loanAmount);
    case '/term-to-borrow':
      return h.fillIn('Or type the number', who.termYears);
    case '/property-details':
      await h.fillIn('What is the property worth?', who.property.value);
      await h.fillIn('How much is left to pay on your mortgage?', who.property.mortgage);
      await h.fillIn('How many bedrooms does it have?', who.property.bedrooms);
      return h.selectFrom('What type of property is it?', who.property.type);
    case '/marital-status':
      return h.selectFrom(MARITAL_STATUS, me.maritalStatus);
    case '/date-of-birth':
      return fillInDateOfBirth(page, me.dateOfBirth, h);
    case '/employment':
      return fillInEmployment(h, me, 'your');
    case '/employment-length':
      return fillInYearsAndMonths(page, me.years, me.months, h);
    case '/employment-income':
      return h.fillIn('What is your net monthly income?', me.income);
    case '/address':
      return iGiveTheAddress(page, who.home, h);
    case '/residential-status':
      return h.choose(who.home.residentialStatus);
    case '/address-length':
      return fillInYearsAndMonths(page, who.home.years, who.home.months, h);
    case '/security-address-confirm':
      return h.choose(who.security === null ? 'Yes' : 'No');
    case '/security-address-add':
      await iGiveTheAddress(page, who.security!, h);
      return fillInYearsAndMonths(page, who.security!.owned.years, who.security!.owned.months, h);
    case '/own-other-properties':
      return h.choose(who.ownOtherProperties);
    case '/personal':
      await h.choose(me.title);
      await h.fillIn('First name', me.firstName);
      return h.fillIn('Last name', me.lastName);
    case '/contact':
      await h.fillIn('Email address', me.email);
      await h.fillIn('Phone number', me.phone);
      return h.choose('I have read and agree to the Terms & Conditions');
    case '/optins':
      return;
    case '/joint':
      return h.choose(joint === null ? 'No' : 'Yes');
    case '/joint-customer-details':
      await h.choose(joint!.title);
      await h.fillIn('First name', joint!.firstName);
      await h.fillIn('Last name', joint!.lastName);
      return h.selectFrom('Marital status', joint!.maritalStatus);
    case '/joint-date-of-birth':
      return fillInDateOfBirth(page, joint!.dateOfBirth, h);
    case '/joint-employment-add':
      return h.selectFrom('What is their employment status?', joint!.employmentStatus);
    case '/joint-employment-length':
      return fillInYearsAndMonths(page, joint!.years, joint!.months, h);
    case '/joint-employment-income':
      return h.fillIn('What is their net monthly income?', joint!.income);
    case '/joint-customer-contact':
      await h.fillIn('Email address', joint!.email);
      return h.fillIn('Phone number', joint!.phone);
    case '/joint-optins':
      for (const [within, label] of joint!.optIns) await h.choose(label, { within });
      return;
    case '/breathing-space':
      return h.choose(who.breathingSpace);
    case '/soft-search':
      return h.choose(who.softSearch);
    case '/fair-processing-notice':
      await h.choose('No', { within: ADDITIONAL_NEEDS });
      return h.choose('No', { within: DISCUSS_CIRCUMSTANCES });
    case '/before-you-submit':
      return;
    case '/submit':
      return;
    default:
      throw new Error(`The secured journey does not know how to answer ${path}`);
  }
}

export const ADDITIONAL_NEEDS =
  'Do you have any health condition, life event or other circumstance that affects how we should deal with you?';
export const DISCUSS_CIRCUMSTANCES =
  'Would you like to discuss your financial circumstances with us?';

/**
 * Called on each screen before it is answered; resolving to 'answered' means the check answered
 * the screen itself.
 */
export type ScreenCheck = (path: string) => Promise<'answered' | void>;

/**
 * From a fresh start at / to the screen at `stop`, answering every screen on the way (and
 * checking each with `onScreen` first, when given). Stops on `stop` without answering it.
 */
export async function completeSecuredJourneyUpTo(
  page: Page,
  stop: string,
  who: SecuredApplicant,
  onScreen?: ScreenCheck,
  hands: Hands = pointer(page),
): Promise<void> {
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/');
  for (let screens = 0; screens < 50; screens += 1) {
    const path = pathOf(page);
    if (path === stop) return;
    if ((await onScreen?.(path)) !== 'answered') {
      await answerThisSecuredScreen(page, who, hands);
    }
    await andIMoveOn(page, hands);
  }
  await thenIShouldBeOn(page, stop);
}
