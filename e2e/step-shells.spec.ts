import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { holdScripts, watchProblems } from './support/page-load';
import { iTabTo } from './support/keyboard';
import { snap } from './support/screenshots';
import { applicationAtSubmit, personFor } from './support/seeded-application';
import { iHaveAnsweredTheCookieBanner } from './support/vehicle';

// docs/decisions/0043-step-shells.md: a deep link or a reload of a journey step gets the step's
// shell as HTML (the page with every answer empty), painted before any script; the app then
// replaces it, in one commit, with the page and the visitor's answers from sessionStorage.

const STORAGE_KEY = 'broker-application';

/** A whole vehicle application in this tab's sessionStorage, as a visitor who reloads has. */
/** Seeds a whole application of the shared test applicant; returns who it is. */
async function withAnswersInStorage(page: Page): Promise<ReturnType<typeof personFor>> {
  const key = randomUUID();
  const stored = applicationAtSubmit(key);
  await page.addInitScript(
    ([key, value]) => {
      // Only the first document of the tab: a reload keeps what the app wrote since.
      if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, value);
    },
    [STORAGE_KEY, stored] as const,
  );
  return personFor(key);
}

interface Shift {
  value: number;
  /** When, in ms since the navigation began: in the shell's paint, or after the app took over. */
  at: number;
  /** What moved: `tag.class x,y width×height → x,y width×height`. */
  moved: string[];
}

/** Every layout shift the page has had (CLS's raw entries, with recent input or not), and what moved. */
async function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        type Source = {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        };
        type Entry = PerformanceEntry & { value: number; sources?: Source[] };
        const describe = (node: Node | null | undefined) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
            : (node?.nodeName ?? '(gone)');
        new PerformanceObserver((list) => {
          resolve(
            (list.getEntries() as Entry[]).map((entry) => ({
              value: entry.value,
              at: Math.round(entry.startTime),
              moved: (entry.sources ?? []).map(
                ({ node, previousRect: a, currentRect: b }) =>
                  `${describe(node)} ${a.x},${a.y} ${a.width}×${a.height} → ${b.x},${b.y} ${b.width}×${b.height}`,
              ),
            })),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve([]), 500);
      }),
  );
}

const SHELLS = [
  { path: '/date-of-birth', heading: 'What is your date of birth?' },
  { path: '/contact', heading: 'How can we contact you?' },
  { path: '/address/1', heading: 'What is your address?' },
  { path: '/before-you-submit', heading: 'Check your answers before you submit' },
] as const;

test.describe('step shells for deep links and reloads', () => {
  for (const shell of SHELLS) {
    test(`${shell.path}: painted from the HTML, then the visitor's answers, no shift`, async ({
      page,
      request,
    }) => {
      const response = await request.get(shell.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`data-shell-path="${shell.path}" inert>`);
      expect(html).toContain(`<title>${shell.heading} – Evo Finance</title>`);
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/style-src 'self' 'sha256-[\w+/]{43}='/);
      expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/]{43}='/);
      expect(response.headers()['vary']).toMatch(/Cookie/);

      const problems = watchProblems(page);
      const person = await withAnswersInStorage(page);
      const release = await holdScripts(page);
      await page.goto(shell.path, { waitUntil: 'commit' });
      // Before any of the app's script: the heading, styled and branded, but not yet usable,
      // and nothing that shows answers (the shell's are empty).
      await expect(page.getByRole('heading', { level: 1, name: shell.heading })).toBeVisible();
      await expect(page.locator('#root')).toHaveAttribute('inert', '');
      await expect(page.locator('.header__bar')).toHaveCSS(
        'border-bottom-color',
        'rgb(29, 79, 145)',
      );
      await expect(page.locator('.progress')).toBeHidden();

      release();
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(page.locator('#root')).not.toHaveAttribute('data-shell-path');
      await expect(page).toHaveURL(new RegExp(`${shell.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: shell.heading })).toBeVisible();
      await expect(page.locator('.progress')).toBeVisible();
      await expect(page.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
      if (shell.path === '/date-of-birth') {
        await expect(page.getByRole('textbox', { name: 'Year' })).toHaveValue(
          person.dateOfBirth.year,
        );
      } else if (shell.path === '/contact') {
        await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(/^079/);
        await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
      } else if (shell.path === '/address/1') {
        await expect(
          page.getByText('BS1 4JQ').or(page.getByRole('textbox', { name: 'Postcode' })),
        ).not.toHaveCount(0);
      } else {
        await expect(page.getByText(person.lastName, { exact: false }).first()).toBeVisible();
      }
      expect(await layoutShifts(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('a visitor who answered the cookie banner gets the shell without it', async ({
    page,
    request,
  }) => {
    const cookie = 'cookie_consent=rejected';
    const html = await (await request.get('/contact', { headers: { cookie } })).text();
    expect(html).toContain('data-shell-path="/contact"');
    expect(html).not.toContain('id="cookie-banner"');
    const withBanner = await (await request.get('/contact')).text();
    expect(withBanner).toContain('id="cookie-banner"');

    const problems = watchProblems(page);
    await iHaveAnsweredTheCookieBanner(page);
    await withAnswersInStorage(page);
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await expect(
      page.getByRole('heading', { level: 1, name: 'How can we contact you?' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: /^Cookies on / })).toHaveCount(0);
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(
      /@example\.com$/,
    );
    await expect(page.getByRole('region', { name: /^Cookies on / })).toHaveCount(0);
    expect(await layoutShifts(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('without the answers the shell needs, the app still sends the visitor back', async ({
    page,
  }) => {
    const problems = watchProblems(page);
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'What do you need the money for?' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'How can we contact you?' }),
    ).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    expect(problems).toEqual([]);
  });

  test('a reload keeps working by keyboard: the answers are there and Continue goes on', async ({
    page,
  }) => {
    const problems = watchProblems(page);
    await iHaveAnsweredTheCookieBanner(page);
    await withAnswersInStorage(page);
    await page.goto('/contact');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    const email = page.getByRole('textbox', { name: 'Email address' });
    await iTabTo(page, email);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('mary.reloaded@example.com');
    await page.reload();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(email).toHaveValue('mary.reloaded@example.com');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await iTabTo(page, continueButton);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/optins$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(problems).toEqual([]);
  });

  test('before and after the script: no axe violations; screenshots at phone and laptop widths', async ({
    page,
  }) => {
    await withAnswersInStorage(page);
    for (const shell of [SHELLS[1], SHELLS[3]]) {
      const release = await holdScripts(page);
      await page.goto(shell.path, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: shell.heading })).toBeVisible();
      await snap(page, `step-shell${shell.path.replace(/\//g, '-')}-before-script`);
      await expectNoAxeViolations(page);
      release();
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await snap(page, `step-shell${shell.path.replace(/\//g, '-')}-after-script`);
      await expectNoAxeViolations(page);
      await page.unrouteAll();
    }
  });
});
