import { expect, type Page } from '@playwright/test';
import { STEPS, parseStepPath } from '@broker/domain';
import { applicantAnswers, type ApplicantKind } from '@broker/domain/testing';
import { andIContinue, fillIn, iVisit, selectFrom, thenIShouldBeOn, whenIChoose } from './user';

// A vehicle-finance applicant and the steps to take them through the journey on the default
// brand (which also asks looking-to-buy and deposit). The journey decides which screen comes
// next; `completeVehicleJourneyUpTo` answers whichever screen it finds itself on, so it keeps
// working when the order of the screens changes.

export interface Employment {
  status: string;
  /** Asked only when employed or self-employed. */
  occupation?: string;
  employer?: string;
  town?: string;
  years: string;
  months: string;
}

export interface HomeAddress {
  postcode: string;
  houseNumber: string;
  street: string;
  town: string;
  residentialStatus: string;
  years: string;
  months: string;
}

export interface VehicleApplicant {
  loanPurpose: string;
  financeType: string;
  lookingToBuy: string;
  deposit: string | null;
  loanAmount: string;
  licence: string;
  maritalStatus: string;
  dateOfBirth: { day: string; month: string; year: string };
  employments: Employment[];
  income: string;
  addresses: HomeAddress[];
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Boxes ticked on the marketing screen, as [group legend, box label]. */
  optIns: [string, string][];
}

/**
 * Typed the way people type: names in lower case, a phone number with spaces, a postcode
 * without its space. Two years in the current job and one at the current address, so both
 * history loops ask for an earlier entry, each long enough to be capped in the payload.
 */
export const VEHICLE_APPLICANT: VehicleApplicant = {
  loanPurpose: 'A vehicle',
  financeType: 'Hire purchase',
  lookingToBuy: 'Yes, I have found a vehicle',
  deposit: '1500',
  loanAmount: '12500',
  licence: 'Full UK licence',
  maritalStatus: 'Married',
  dateOfBirth: { day: '07', month: '03', year: '1980' },
  employments: [
    {
      status: 'Employed full time',
      occupation: 'engineer',
      employer: 'Acme Engineering Ltd',
      town: 'Leeds',
      years: '2',
      months: '6',
    },
    {
      status: 'Self-employed',
      occupation: 'carpenter',
      employer: 'Oak and Ash',
      town: 'York',
      years: '30',
      months: '4',
    },
  ],
  income: '2450',
  addresses: [
    {
      postcode: 'ls14ap',
      houseNumber: '12',
      street: 'Park Row',
      town: 'Leeds',
      residentialStatus: 'Private tenant',
      years: '1',
      months: '3',
    },
    {
      postcode: 'yo1 7hh',
      houseNumber: '3',
      street: 'Minster Yard',
      town: 'York',
      residentialStatus: 'Living with parents',
      years: '30',
      months: '0',
    },
  ],
  title: 'Ms',
  firstName: 'jane',
  lastName: 'doe-smith',
  email: 'jane.doe@example.com',
  phone: '07911 123456',
  optIns: [
    ['Marketing from us', 'Email'],
    ['Marketing from our lending partners', 'Post'],
  ],
};

/** The cookie banner has been answered before, so it does not sit above every screen. */
export async function iHaveAnsweredTheCookieBanner(page: Page): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'cookie_consent', value: 'rejected', domain: '127.0.0.1', path: '/' }]);
}

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Does `action` and waits until another screen has replaced this one. The address bar changes
 * first and the old screen stays up while the next one's code loads, so the URL alone is not
 * enough: the old screen's heading must have gone.
 */
export async function andIWaitForTheNextScreen(
  page: Page,
  action: () => Promise<void>,
): Promise<string> {
  const before = pathOf(page);
  const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
  await action();
  await page.waitForURL((url) => url.pathname !== before);
  await heading?.waitForElementState('hidden');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return pathOf(page);
}

/**
 * Waits for the fade-in of a new screen (and any shake of its messages) to end: axe judges
 * colour contrast on what it sees, and a half-faded page is paler than the real one.
 */
export async function whenTheScreenHasSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** Continue (on /submit, 'Submit application'), and wait for the next screen. */
export async function andIContinueToTheNextScreen(page: Page): Promise<string> {
  return andIWaitForTheNextScreen(page, async () => {
    if (pathOf(page) === '/submit') {
      await page.getByRole('button', { name: 'Submit application', exact: true }).click();
    } else {
      await andIContinue(page);
    }
  });
}

/** The number at the end of a numbered route (/address/2 → 2). */
export function entryOf(path: string): number {
  return Number(/\/(\d+)$/.exec(path)?.[1] ?? '1');
}

export async function fillInEmployment(page: Page, job: Employment): Promise<void> {
  await selectFrom(page, /employment status\?$/, job.status);
  if (job.occupation !== undefined) await fillIn(page, 'Occupation', job.occupation);
  if (job.employer !== undefined) await fillIn(page, 'Employer name', job.employer);
  if (job.town !== undefined) await fillIn(page, 'Employer town', job.town);
}

export async function fillInYearsAndMonths(
  page: Page,
  years: string,
  months: string,
): Promise<void> {
  await fillIn(page, 'Years', years);
  await fillIn(page, 'Months', months);
}

/**
 * The address screen, entered by hand: the postcode first, then (after choosing manual entry
 * when the screen offers a lookup) the house number, street and town.
 */
export async function fillInAddress(page: Page, address: HomeAddress): Promise<void> {
  await page.getByRole('textbox', { name: /postcode/i }).fill(address.postcode);
  const manual = page
    .getByRole('button', { name: /manually/i })
    .or(page.getByRole('link', { name: /manually/i }));
  if (await manual.first().isVisible()) await manual.first().click();
  await page.getByRole('textbox', { name: /^house number/i }).fill(address.houseNumber);
  await page.getByRole('textbox', { name: /^street/i }).fill(address.street);
  await page.getByRole('textbox', { name: /^town/i }).fill(address.town);
}

/**
 * Answers the screen the browser is on for `applicant`: the questions this walk knows with the
 * applicant's answers, then any other empty box as the shared test applicant answers it (so a
 * question added to a screen does not stop the walks that pass it).
 */
export async function answerThisScreen(
  page: Page,
  applicant: VehicleApplicant = VEHICLE_APPLICANT,
): Promise<void> {
  await answerKnownQuestions(page, applicant);
  await andTheRestAsTheTestApplicant(page, 'vehicle');
}

async function answerKnownQuestions(page: Page, applicant: VehicleApplicant): Promise<void> {
  const path = pathOf(page);
  const n = entryOf(path);
  const job =
    applicant.employments[n - 1] ?? applicant.employments[applicant.employments.length - 1]!;
  const home = applicant.addresses[n - 1] ?? applicant.addresses[applicant.addresses.length - 1]!;
  switch (path.replace(/\/\d+$/, '')) {
    case '/':
      return whenIChoose(page, applicant.loanPurpose);
    case '/loan-type':
      return whenIChoose(page, applicant.financeType);
    case '/looking-to-buy':
      return whenIChoose(page, applicant.lookingToBuy);
    case '/deposit':
      if (applicant.deposit === null) return whenIChoose(page, 'No');
      await whenIChoose(page, 'Yes');
      return fillIn(page, 'How much is your deposit?', applicant.deposit);
    case '/amount-to-finance':
      return fillIn(page, 'Or type the amount in pounds', applicant.loanAmount);
    case '/driving-licence':
      return whenIChoose(page, applicant.licence);
    case '/marital-status':
      return selectFrom(page, MARITAL_STATUS, applicant.maritalStatus);
    case '/date-of-birth':
      await fillIn(page, 'Day', applicant.dateOfBirth.day);
      await fillIn(page, 'Month', applicant.dateOfBirth.month);
      return fillIn(page, 'Year', applicant.dateOfBirth.year);
    case '/employment':
    case '/employment-add':
      return fillInEmployment(page, job);
    case '/employment-length':
      return fillInYearsAndMonths(page, job.years, job.months);
    case '/employment-income':
      return fillIn(page, 'What is your net monthly income?', applicant.income);
    case '/address':
      return fillInAddress(page, home);
    case '/residential-status':
      return whenIChoose(page, home.residentialStatus);
    case '/address-length':
      return fillInYearsAndMonths(page, home.years, home.months);
    case '/personal':
      await whenIChoose(page, applicant.title);
      await fillIn(page, 'First name', applicant.firstName);
      return fillIn(page, 'Last name', applicant.lastName);
    case '/contact':
      await fillIn(page, 'Email address', applicant.email);
      await fillIn(page, 'Phone number', applicant.phone);
      return whenIChoose(page, 'I have read and agree to the Terms & Conditions');
    case '/optins':
      for (const [within, label] of applicant.optIns) await whenIChoose(page, label, { within });
      return;
    case '/joint':
      return whenIChoose(page, 'No');
    case '/before-you-submit':
      return;
    case '/submit':
      return;
    default:
      throw new Error(`The vehicle journey does not know how to answer ${path}`);
  }
}

/**
 * Fills the text boxes of this screen that the walk left empty as the shared test applicant
 * (`@broker/domain/testing`) answers them, found by their state path (an input's id is its path
 * with '.' → '-'), so a new required question on a screen does not stop the walk. Only empty
 * text boxes: the walk's own answers and every other kind of field stay the walk's.
 */
/**
 * The marital-status dropdown's name: the question while it is the screen's only one, the
 * field's label beside another (the generic step frame asks each of several by its label).
 */
export const MARITAL_STATUS = /^(what is your )?marital status\??$/i;

export async function andTheRestAsTheTestApplicant(page: Page, kind: ApplicantKind): Promise<void> {
  const ref = parseStepPath(pathOf(page));
  if (ref === null) return;
  const entry = applicantAnswers(kind).find((answers) => answers.step.id === ref.id);
  // A question the table marks optional (a house number beside a house name) is left as it is.
  const optional = STEPS[ref.id].fields
    .filter((field) => field.required === false)
    .map((field) => field.path.split('.').pop());
  for (const [path, value] of Object.entries(entry?.answers ?? {})) {
    if (optional.includes(path.split('.').pop())) continue;
    const id = path.replace('.0.', `.${(ref.n ?? 1) - 1}.`).replaceAll('.', '-');
    const box = page.locator(`input[id="${id}"]:not([type=radio]):not([type=checkbox])`);
    if ((await box.count()) !== 1 || !(await box.isVisible())) continue;
    if ((await box.inputValue()) === '') await box.fill(String(value));
  }
}

/**
 * From a fresh start at / to the screen at `stop` (a path such as '/contact' or
 * '/address-length/2'), answering every screen on the way. Stops on `stop` without answering it.
 */
export async function completeVehicleJourneyUpTo(
  page: Page,
  stop: string,
  applicant: VehicleApplicant = VEHICLE_APPLICANT,
): Promise<void> {
  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/');
  for (let screens = 0; screens < 40; screens += 1) {
    if (pathOf(page) === stop) return;
    await answerThisScreen(page, applicant);
    await andIContinueToTheNextScreen(page);
  }
  await thenIShouldBeOn(page, stop);
}
