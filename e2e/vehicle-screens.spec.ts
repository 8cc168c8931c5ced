import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations as axeFindsNothing } from './support/axe';
import { snap } from './support/screenshots';
import {
  andIContinue,
  fillIn,
  iVisit,
  thenIShouldBeOn,
  thenIShouldSeeTheHeading,
  whenIChoose,
} from './support/user';
import {
  andIContinueToTheNextScreen,
  andTheRestAsTheTestApplicant,
  answerThisScreen,
  completeVehicleJourneyUpTo,
  iHaveAnsweredTheCookieBanner,
  VEHICLE_APPLICANT,
  whenTheScreenHasSettled,
} from './support/vehicle';

async function thenAxeFindsNothing(page: Page): Promise<void> {
  await whenTheScreenHasSettled(page);
  await axeFindsNothing(page);
}

// Every vehicle screen in its three states: as it first appears, after Continue with nothing
// answered (docs/product.md §5's messages, character for character, in the error summary and at the
// field), and answered. axe checks each state; screenshots of each screen and its errors go
// to e2e/artifacts/screenshots/<screen>[-error]-390.png and -1280.png.

const CHOOSE_AN_OPTION = 'Please choose an option to continue.';

interface ExpectedError {
  /** The control or group the message belongs to. */
  at: (page: Page) => Locator;
  message: string;
}

interface Screen {
  path: string;
  heading: string | RegExp;
  /** Screenshot name. */
  name: string;
  /** What Continue with nothing answered shows; empty when the screen needs no answer. */
  errors: ExpectedError[];
  /** Answers the screen (default: as the shared vehicle applicant would). */
  answer?: (page: Page) => Promise<void>;
}

const group = (name: string | RegExp) => (page: Page) =>
  page.getByRole('main').getByRole('group', { name });
const control = (label: string) => (page: Page) =>
  page.getByRole('main').getByLabel(label, { exact: true });

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** GOV.UK error summary: focused, one link per message, in screen order. */
async function thenTheErrorSummarySays(page: Page, messages: readonly string[]): Promise<void> {
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText([...messages]);
}

/** The message shows at the field and is part of its accessible description. */
async function thenTheFieldSays(page: Page, error: ExpectedError): Promise<void> {
  const field = error.at(page);
  await expect(field).toHaveAccessibleDescription(new RegExp(`Error: ${escape(error.message)}$`));
  await expect(
    page.getByRole('main').getByText(`Error: ${error.message}`, { exact: true }),
  ).toBeVisible();
}

async function thenContinueWithNothingShows(page: Page, errors: ExpectedError[]): Promise<void> {
  await andIContinue(page);
  await thenTheErrorSummarySays(
    page,
    errors.map((error) => error.message),
  );
  for (const error of errors) await thenTheFieldSays(page, error);
}

async function checkScreen(page: Page, screen: Screen): Promise<void> {
  await thenIShouldBeOn(page, screen.path);
  await thenIShouldSeeTheHeading(page, screen.heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await thenAxeFindsNothing(page);

  await snap(page, screen.name);

  if (screen.errors.length > 0) {
    await thenContinueWithNothingShows(page, screen.errors);
    await expect(page).toHaveTitle(/^Error: /);
    await thenAxeFindsNothing(page);
    await snap(page, `${screen.name}-error`);
  } else {
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  await (screen.answer ?? answerThisScreen)(page);
  // A question the walk does not know is answered as the shared test applicant answers it.
  if (screen.answer) await andTheRestAsTheTestApplicant(page, 'vehicle');
  await thenAxeFindsNothing(page);
}

async function walk(page: Page, screens: readonly Screen[]): Promise<void> {
  for (const screen of screens) {
    await checkScreen(page, screen);
    await andIContinueToTheNextScreen(page);
  }
}

/** Screens that are not this suite's (address, joint): answered and passed. */
async function passThrough(page: Page, path: string): Promise<void> {
  await thenIShouldBeOn(page, path);
  await answerThisScreen(page);
  await andIContinueToTheNextScreen(page);
}

const YEARS_AND_MONTHS = (legend: string): ExpectedError => ({
  at: group(legend),
  message: 'Please answer this question.',
});

test.describe('each vehicle screen: empty, errors, answered', () => {
  test.describe.configure({ timeout: 120_000 });
  test('the loan: start, loan type, looking to buy, deposit, amount', async ({ page }) => {
    await iHaveAnsweredTheCookieBanner(page);
    await iVisit(page, '/');
    await walk(page, [
      {
        path: '/',
        name: 'start',
        heading: 'What do you need the money for?',
        errors: [{ at: group('What do you need the money for?'), message: CHOOSE_AN_OPTION }],
      },
      {
        path: '/loan-type',
        name: 'loan-type',
        heading: 'What type of vehicle finance are you looking for?',
        errors: [{ at: group(/vehicle finance/), message: CHOOSE_AN_OPTION }],
      },
      {
        path: '/looking-to-buy',
        name: 'looking-to-buy',
        heading: 'Have you found the vehicle you want to buy?',
        errors: [{ at: group(/found the vehicle/), message: CHOOSE_AN_OPTION }],
      },
      {
        path: '/deposit',
        name: 'deposit',
        heading: 'Do you have a deposit?',
        errors: [{ at: group('Do you have a deposit?'), message: CHOOSE_AN_OPTION }],
        answer: async (p) => {
          await whenIChoose(p, 'Yes');
          await thenContinueWithNothingShows(p, [
            {
              at: control('How much is your deposit?'),
              message: 'Please enter your deposit amount.',
            },
          ]);
          // A deposit of £0 is an answer (docs/product.md §4, decision 0013); over £100,000 is not.
          await fillIn(p, 'How much is your deposit?', '100001');
          await thenContinueWithNothingShows(p, [
            { at: control('How much is your deposit?'), message: 'Must be between 0 and 100000.' },
          ]);
          await thenAxeFindsNothing(p);
          await snap(p, 'deposit-amount-error');
          await fillIn(p, 'How much is your deposit?', '1500');
        },
      },
      {
        path: '/amount-to-finance',
        name: 'amount-to-finance',
        heading: 'How much would you like to borrow?',
        // docs/product.md §4: the amount starts at £10,000, so an untouched screen is answered.
        errors: [],
        answer: async (p) => {
          const typed = 'Or type the amount in pounds';
          await expect(control(typed)(p)).toHaveValue('10000');
          await fillIn(p, typed, '');
          await thenContinueWithNothingShows(p, [
            { at: control(typed), message: 'Please enter your loan amount.' },
          ]);
          await thenAxeFindsNothing(p);
          await snap(p, 'amount-to-finance-error');
          await fillIn(p, typed, '500');
          await thenContinueWithNothingShows(p, [
            { at: control(typed), message: 'Must be between 1000 and 100000.' },
          ]);
          await fillIn(p, typed, '12500');
          await expect(p.getByText('£12,500', { exact: true })).toBeVisible();
        },
      },
    ]);
    await thenIShouldBeOn(page, '/driving-licence');
  });

  test('about you and employment: licence, marital status, date of birth, jobs, income', async ({
    page,
  }) => {
    await completeVehicleJourneyUpTo(page, '/driving-licence');
    await walk(page, [
      {
        path: '/driving-licence',
        name: 'driving-licence',
        heading: 'What type of driving licence do you have?',
        errors: [{ at: group(/driving licence/), message: CHOOSE_AN_OPTION }],
      },
      {
        path: '/marital-status',
        name: 'marital-status',
        heading: 'What is your marital status?',
        errors: [
          {
            at: control('What is your marital status?'),
            message: 'Please choose your marital status.',
          },
        ],
      },
      {
        path: '/date-of-birth',
        name: 'date-of-birth',
        heading: 'What is your date of birth?',
        errors: [
          { at: group('What is your date of birth?'), message: 'Please enter your date of birth.' },
        ],
      },
      {
        path: '/employment/1',
        name: 'employment-1',
        heading: 'What is your employment status?',
        errors: [
          {
            at: control('What is your employment status?'),
            message: 'Please choose your employment status.',
          },
        ],
        answer: async (p) => {
          await p.getByLabel('What is your employment status?').selectOption({
            label: 'Self-employed',
          });
          await thenContinueWithNothingShows(p, [
            { at: control('Occupation'), message: 'Please enter your occupation.' },
            { at: control('Employer name'), message: 'Please enter your employer name.' },
            { at: control('Employer town'), message: 'Please enter your employer town.' },
          ]);
          await thenAxeFindsNothing(p);
          await snap(p, 'employment-1-employed-error');
          await answerThisScreen(p);
        },
      },
      {
        path: '/employment-length/1',
        name: 'employment-length-1',
        heading: 'How long have you worked for your current employer?',
        errors: [YEARS_AND_MONTHS('How long have you worked for your current employer?')],
      },
      {
        path: '/employment-add/2',
        name: 'employment-add-2',
        heading: 'What was your previous employment status?',
        errors: [
          {
            at: control('What was your previous employment status?'),
            message: 'Please choose your employment status.',
          },
        ],
      },
      {
        path: '/employment-length/2',
        name: 'employment-length-2',
        heading: 'How long did you work there?',
        errors: [YEARS_AND_MONTHS('How long did you work there?')],
      },
      {
        path: '/employment-income/1',
        name: 'employment-income-1',
        heading: 'What is your net monthly income?',
        errors: [
          {
            at: control('What is your net monthly income?'),
            message: 'Please enter your net monthly income.',
          },
        ],
      },
    ]);
    await thenIShouldBeOn(page, '/address/1');
  });

  test('address history, name and contact', async ({ page }) => {
    await completeVehicleJourneyUpTo(page, '/residential-status/1');
    const addressScreens = (n: number): Screen[] => [
      {
        path: `/residential-status/${n}`,
        name: `residential-status-${n}`,
        heading: n === 1 ? 'What is your residential status?' : /residential status at that/,
        errors: [{ at: group(/residential status/), message: CHOOSE_AN_OPTION }],
      },
      {
        path: `/address-length/${n}`,
        name: `address-length-${n}`,
        heading:
          n === 1 ? 'How long have you lived at this address?' : 'How long did you live there?',
        errors: [
          YEARS_AND_MONTHS(
            n === 1 ? 'How long have you lived at this address?' : 'How long did you live there?',
          ),
        ],
      },
    ];
    await walk(page, addressScreens(1));
    await passThrough(page, '/address/2');
    await walk(page, [
      ...addressScreens(2),
      {
        path: '/personal',
        name: 'personal',
        heading: 'What is your name?',
        errors: [
          { at: group('Title'), message: 'Please enter your title.' },
          { at: control('First name'), message: 'Please enter your first name.' },
          { at: control('Last name'), message: 'Please enter your last name.' },
        ],
      },
      {
        path: '/contact',
        name: 'contact',
        heading: 'How can we contact you?',
        errors: [
          { at: control('Email address'), message: 'Please enter your email address.' },
          { at: control('Phone number'), message: 'Please enter your phone number' },
          {
            at: control('I have read and agree to the Terms & Conditions'),
            message: 'Please check this box.',
          },
        ],
        answer: theEmailAndPhoneRulesHold,
      },
    ]);
    await thenIShouldBeOn(page, '/optins');
  });

  test('marketing preferences, check answers and submit', async ({ page }) => {
    // Another person from the journey tests: the server would call a repeat a duplicate.
    const person = {
      ...VEHICLE_APPLICANT,
      email: 'screens.walk@example.com',
      phone: '07911300400',
    };
    await completeVehicleJourneyUpTo(page, '/optins', person);
    await walk(page, [
      {
        path: '/optins',
        name: 'optins',
        heading: 'How would you like to hear from us?',
        // Consent is never assumed (PECR): nothing is ticked and nothing is required.
        errors: [],
        answer: async (p) => {
          const boxes = p.getByRole('main').getByRole('checkbox');
          await expect(boxes).toHaveCount(9);
          for (const box of await boxes.all()) await expect(box).not.toBeChecked();
          await thePrivacyPolicyOpensInADialog(p);
          await answerThisScreen(p, person);
        },
      },
    ]);
    await passThrough(page, '/joint');
    await walk(page, [
      {
        path: '/before-you-submit',
        name: 'before-you-submit',
        heading: 'Check your answers before you submit',
        errors: [],
        answer: async () => {},
      },
    ]);
    await checkScreen(page, {
      path: '/submit',
      name: 'submit',
      heading: 'Submit your application',
      errors: [],
      answer: async () => {},
    });
    // The terms were agreed on the contact screen (decision record 0015): nothing to tick here.
    await expect(page.getByRole('main').getByRole('checkbox')).toHaveCount(0);
    await itIsSentOnceWhileTheButtonSaysSending(page);

    await thenIShouldBeOn(page, '/complete');
    await thenIShouldSeeTheHeading(page, 'Application sent');
    await thenAxeFindsNothing(page);
    await snap(page, 'complete');
  });
});

/** docs/product.md §5: the email format, then the brand-level phone checks in their order. */
async function theEmailAndPhoneRulesHold(page: Page): Promise<void> {
  await theTermsOpenInADialog(page);
  await whenIChoose(page, 'I have read and agree to the Terms & Conditions');
  const phone = control('Phone number')(page);
  await fillIn(page, 'Email address', 'jane.doe@example');
  await phone.fill('07911123456');
  await thenContinueWithNothingShows(page, [
    {
      at: control('Email address'),
      message: 'Please try again. That email address doesn’t look right.',
    },
  ]);
  await fillIn(page, 'Email address', 'jane.doe@example.com');
  const numbers: [string, string][] = [
    ['+447911123456', 'Please enter your phone number without the country code'],
    ['0791112345', 'Please try again, UK phone numbers should contain 11 digits'],
    ['17911123456', 'Please try again, your phone number should start with a 0'],
    ['07700900123', 'Please try again, Your phone number looks invalid'],
    ['06911123456', 'Please try again, Your phone number looks invalid'],
  ];
  for (const [number, message] of numbers) {
    await phone.fill(number);
    await thenContinueWithNothingShows(page, [{ at: control('Phone number'), message }]);
  }
  await thenAxeFindsNothing(page);
  // Spaces cannot be typed (docs/product.md §5): the number keeps its digits only.
  await phone.fill('');
  await phone.pressSequentially('07911 123 456');
  await expect(phone).toHaveValue('07911123456');
  await answerThisScreen(page);
}

async function thePrivacyPolicyOpensInADialog(page: Page): Promise<void> {
  const opener = page.getByRole('button', { name: 'privacy policy' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Privacy policy' });
  await expect(dialog.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeVisible();
  await expect(dialog).toContainText('6 years');
  await thenAxeFindsNothing(page);
  await snap(page, 'optins-privacy-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** On the contact screen, where the terms are agreed (decision record 0015). */
async function theTermsOpenInADialog(page: Page): Promise<void> {
  const opener = page.getByRole('button', { name: 'Terms & Conditions', exact: true });
  await opener.click();
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(terms.getByRole('heading', { level: 2, name: 'Terms & Conditions' })).toBeVisible();
  await expect(terms).toContainText('£100');
  await thenAxeFindsNothing(page);
  await snap(page, 'contact-terms-dialog');

  // A link to another legal text shows it in the same dialog, without leaving the screen.
  await terms.getByRole('link', { name: 'privacy policy', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'Privacy policy' })).toBeVisible();
  await thenIShouldBeOn(page, '/contact');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(opener).toBeFocused();
}

/** The submission client's single send, seen from the screen: a busy button, one request. */
async function itIsSentOnceWhileTheButtonSaysSending(page: Page): Promise<void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const posts: string[] = [];
  await page.route(/\/api\/submission\/(?!partial\/)[^/]+$/, async (route) => {
    posts.push(route.request().url());
    await released;
    await route.continue();
  });

  const button = page.getByRole('main').locator('button[type="submit"]');
  await expect(button).toHaveText('Submit application');
  await button.click();
  await expect(button).toHaveText('Sending…');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // lockDown (docs/product.md §3): nothing can be changed while it is on its way. The screen has no input
  // of its own since the terms moved to /contact (decision record 0015), so read the state.
  const locked = () =>
    page.evaluate(() => {
      for (let i = 0; i < sessionStorage.length; i += 1) {
        const value = sessionStorage.getItem(sessionStorage.key(i)!) ?? '';
        if (value.includes('"lockDown"'))
          return (JSON.parse(value) as { lockDown: boolean }).lockDown;
      }
      return null;
    });
  await expect.poll(locked).toBe(true);
  await snap(page, 'submit-sending');
  // Pressed again while sending: nothing more is sent.
  await button.click({ force: true });
  await page.keyboard.press('Enter');
  release();

  await thenIShouldBeOn(page, '/complete');
  expect(posts).toHaveLength(1);
}
