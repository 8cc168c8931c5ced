import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { databasePath } from './support/db';
import { theLatestMailTo } from './support/mailbox';
import { SCREENSHOT_VIEWPORTS } from './support/screenshots';
import { sessionStorageOf } from './support/session-storage';
import { completeVehicleJourneyUpTo, answerThisScreen, VEHICLE_APPLICANT } from './support/vehicle';

// Save and come back later (docs/decisions/0086-save-and-return-links.md): the link arrives by
// real SMTP on loopback (playwright.config.ts) and is opened in a fresh browser context.

const SHOTS = process.env.SAVE_SHOTS_DIR ?? '';

/** Pictures to look at (outside the repository), when SAVE_SHOTS_DIR names a folder. */
async function look(page: Page, name: string): Promise<void> {
  if (SHOTS === '') return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const viewport of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

function saveDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Save and come back later' });
}

async function saveTo(page: Page, email: string): Promise<void> {
  const dialog = saveDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Send me a link' }).click();
  await expect(dialog.getByText(`We have sent a link to ${email}.`)).toBeVisible();
}

async function linkIn(email: string): Promise<string> {
  const mail = await theLatestMailTo(email);
  const link = /https?:\/\/\S+\/resume#[A-Za-z0-9_.-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeDefined();
  return link!;
}

/** The stored application in this tab, parsed. */
async function storedApplication(page: Page): Promise<Record<string, unknown>> {
  const stored = await sessionStorageOf(page);
  return JSON.parse(stored['broker-application']!) as Record<string, unknown>;
}

async function openInAFreshBrowser(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

test.describe('save and come back later', () => {
  test('saved on /employment-income/1, the link reopens that screen with every answer in a fresh browser, once', async ({
    page,
    browser,
  }) => {
    // A whole journey's first half, three checks with axe and two browsers.
    test.slow();
    await completeVehicleJourneyUpTo(page, '/employment-income/1');
    await answerThisScreen(page, VEHICLE_APPLICANT);
    const before = await storedApplication(page);

    await page.getByRole('button', { name: 'Save and come back later' }).click();
    const dialog = saveDialog(page);
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    await expect(dialog.getByLabel('Email address')).toHaveValue('');
    await expectNoAxeViolations(page);
    await look(page, 'save-dialog');

    // A bad address is said so, and nothing is lost.
    await dialog.getByLabel('Email address').fill('ada@');
    await dialog.getByRole('button', { name: 'Send me a link' }).click();
    await expect(
      dialog.getByText('Please try again. That email address doesn’t look right.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toBeFocused();

    await saveTo(page, 'saver@example.com');
    await expectNoAxeViolations(page);
    await look(page, 'save-dialog-sent');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    const mail = await theLatestMailTo('saver@example.com');
    expect(mail.subject).toBe('Your saved application with Evo Finance');
    expect(mail.body).toContain('It works once, for 30 days');
    expect(mail.body).toContain('If that was not you, you can ignore this email');
    if (SHOTS !== '' && mail.html) {
      // A blank page of its own: the app's CSP would refuse the mail's inline styles.
      const blank = await browser.newContext();
      const mailPage = await blank.newPage();
      await mailPage.setContent(mail.html);
      await look(mailPage, 'save-email');
      await blank.close();
    }
    const link = await linkIn('saver@example.com');

    const fresh = await openInAFreshBrowser(browser, link);
    await expect(fresh.page).toHaveURL(/\/employment-income\/1$/);
    await expect(fresh.page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await storedApplication(fresh.page)).toEqual(before);
    // The key and the token are gone from the address bar (and history).
    expect(await fresh.page.evaluate(() => window.location.hash)).toBe('');
    // The save action arrives at the visitor's first activity (lib/when-needed.ts), watched for
    // once the app has rendered: moved again until it is seen.
    let y = 20;
    await expect(async () => {
      await fresh.page.mouse.move(20, (y += 5));
      await expect(
        fresh.page.getByRole('button', { name: 'Save and come back later' }),
      ).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expectNoAxeViolations(fresh.page);
    await look(fresh.page, 'resumed');
    await fresh.context.close();

    const again = await openInAFreshBrowser(browser, link);
    await expect(
      again.page.getByRole('heading', { name: 'This link no longer works' }),
    ).toBeVisible();
    await expect(
      again.page.getByText(
        'This link has been used already. Each link opens your saved application once.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(again.page);
    await look(again.page, 'link-used');
    await again.page.getByRole('button', { name: 'Start again' }).click();
    await expect(again.page).toHaveURL(/\/$/);
    await again.context.close();
  });

  test('a link past its 30 days gets the clear page offering to start again', async ({
    page,
    browser,
  }) => {
    await completeVehicleJourneyUpTo(page, '/deposit');
    await page.getByRole('button', { name: 'Save and come back later' }).click();
    await saveTo(page, 'late@example.com');
    const link = await linkIn('late@example.com');
    // Thirty days on: the server's clock is real, so the draft's expiry is moved instead. This
    // link's draft only, found by its token's hash (links/tokens.ts): the other tests of this
    // file run beside this one, and their links must keep working.
    const token = new URL(link).hash.slice(1).split('.')[0]!;
    const db = new Database(databasePath());
    const moved = db
      .prepare(
        `update saved_drafts set expires_at = '2020-01-01T00:00:00.000Z' where token_hash = ?`,
      )
      .run(createHash('sha256').update(token, 'utf8').digest('hex'));
    db.close();
    expect(moved.changes).toBe(1);

    const fresh = await openInAFreshBrowser(browser, link);
    await expect(
      fresh.page.getByRole('heading', { name: 'This link no longer works' }),
    ).toBeVisible();
    await expect(
      fresh.page.getByText('This link has expired. A saved application is kept for 30 days.'),
    ).toBeVisible();
    await expect(fresh.page.getByRole('button', { name: 'Start again' })).toBeVisible();
    await expectNoAxeViolations(fresh.page);
    await look(fresh.page, 'link-expired');
    await fresh.context.close();
  });

  test('the session-timeout warning offers to save before anything is cleared', async ({
    page,
    browser,
  }) => {
    await page.clock.install();
    await completeVehicleJourneyUpTo(page, '/loan-type');
    const before = await storedApplication(page);
    await expect(async () => {
      await page.keyboard.press('Shift');
      await expect(page.getByTestId('idle-overlay')).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.clock.fastForward('08:00');
    const warning = page.getByRole('alertdialog', { name: 'Your session will expire soon' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Save and come back later' }).click();
    await saveTo(page, 'timeout@example.com');
    await expectNoAxeViolations(page);
    await look(page, 'timeout-save');

    const fresh = await openInAFreshBrowser(browser, await linkIn('timeout@example.com'));
    await expect(fresh.page).toHaveURL(/\/loan-type$/);
    expect(await storedApplication(fresh.page)).toEqual(before);
    await fresh.context.close();
  });
});
