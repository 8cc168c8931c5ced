import { randomInt, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { signedInAs } from './support/back-office';
import { databasePath } from './support/db';
import { iChooseWithArrows, iPressEnterOn, iTickWithSpace, iTypeInto } from './support/keyboard';
import { theLatestMailTo } from './support/mailbox';
import { snap } from './support/screenshots';
import { iVisit } from './support/user';
import {
  andIContinueToTheNextScreen,
  answerThisScreen,
  iHaveAnsweredTheCookieBanner,
  VEHICLE_APPLICANT,
} from './support/vehicle';

// docs/help.md: "Need help?" on every screen asks for a call back; staff see the request in the
// back office's Callbacks queue, take it and complete it with a note. What makes things harder
// is shown only to the roles that make the call (decision 0090), and every showing is audited.
// Keyboard only, axe on every new screen and state.

/** A mobile number of the form's allowed kind, new to this run. */
function aPhoneNumber(): { typed: string; spaced: string } {
  const rest = String(randomInt(100000, 999999));
  return { typed: `07911 ${rest}`, spaced: `07911 ${rest}` };
}

function auditCount(action: string, target: string): number {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT count(*) AS n FROM staff_audit_log WHERE action = ? AND target = ?')
      .get(action, target) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

function callbackIdOf(phoneDigits: string): string {
  const db = new Database(databasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT id FROM callbacks WHERE phone_normalised = ?')
      .get(phoneDigits) as { id: number } | undefined;
    if (!row) throw new Error('no callback stored for the number');
    return String(row.id);
  } finally {
    db.close();
  }
}

async function staffPage(browser: Browser, role: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAs(page, role);
  return page;
}

test('an applicant asks for a call from a step; an agent sees, takes and completes it; an auditor sees the queue without what makes it harder', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const phone = aPhoneNumber();
  const digits = phone.typed.replace(/\s/g, '');
  const email = `help.${randomUUID().slice(0, 8)}@example.com`;

  await iHaveAnsweredTheCookieBanner(page);
  await iVisit(page, '/');
  await answerThisScreen(page, VEHICLE_APPLICANT);
  const step = await andIContinueToTheNextScreen(page);
  const heading = await page.getByRole('heading', { level: 1 }).innerText();

  // The form opens in a dialog over the step.
  await iPressEnterOn(page, page.getByRole('button', { name: 'Need help?' }));
  const dialog = page.getByRole('dialog', { name: 'Ask us to call you' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  // Sent empty: the problems, announced, each linked to its field.
  await iPressEnterOn(page, dialog.getByRole('button', { name: 'Ask us to call' }));
  const summary = dialog.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Please enter your phone number',
    'Choose a good time to call you',
  ]);
  await expect(dialog.getByLabel('Your phone number')).toHaveAccessibleDescription(
    'Error: Please enter your phone number',
  );
  await expectNoAxeViolations(page);

  await iTypeInto(page, dialog.getByLabel('Your phone number'), phone.typed);
  await iChooseWithArrows(
    page,
    dialog.getByRole('group', { name: 'When is a good time to call?' }),
    'Afternoon (12 noon to 5pm)',
  );
  await iChooseWithArrows(
    page,
    dialog.getByRole('group', { name: 'What is it about? (optional)' }),
    'A question about a question on the form',
  );
  await iTickWithSpace(
    page,
    dialog.getByRole('checkbox', { name: 'Something makes this harder for me' }),
  );
  await iTickWithSpace(
    page,
    dialog.getByRole('checkbox', {
      name: 'Reading, numbers, English or using a computer is hard for me',
    }),
  );
  await iTypeInto(
    page,
    dialog.getByLabel('Anything that would help us (optional)'),
    'Please call rather than write',
  );
  await iTypeInto(page, dialog.getByLabel('Your email address (optional)'), email);
  await expectNoAxeViolations(page);
  await snap(page, 'help-form');

  await iPressEnterOn(page, dialog.getByRole('button', { name: 'Ask us to call' }));
  const done = page.getByRole('dialog', { name: 'We will call you' });
  await expect(done.getByRole('heading', { name: 'We will call you' })).toBeFocused();
  await expect(done.getByRole('status')).toHaveText(
    `We will call you on ${phone.typed}, afternoon (12 noon to 5pm).`,
  );
  await expect(done).toContainText('Someone from our team will call you within 4 hours');
  await expect(done).toContainText(`We have sent a confirmation to ${email}.`);
  await expectNoAxeViolations(page);
  await snap(page, 'help-confirmation');

  const mail = await theLatestMailTo(email);
  expect(mail.subject).toBe('We will call you back');
  expect(mail.body).toContain(`We will call: ${digits}`);
  // What makes things harder is never repeated in a mail (a mailbox may be shared).
  expect(mail.body).not.toContain('Reading, numbers');

  // Closing it leaves the applicant where they were.
  await iPressEnterOn(page, done.getByRole('button', { name: 'Back to the form' }));
  await expect(done).toBeHidden();
  expect(new URL(page.url()).pathname).toBe(step);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);

  // The agent: the queue, what makes it harder (audited), take it, complete it with a note.
  const agent = await staffPage(browser, 'agent');
  await iPressEnterOn(agent, agent.getByRole('link', { name: 'Callbacks' }));
  await expect(agent.getByRole('heading', { level: 1, name: 'Callbacks' })).toBeFocused();
  const item = agent.getByRole('region', { name: new RegExp(`Call ${phone.spaced}`) });
  await expect(item).toContainText('Waiting');
  await expect(item).toContainText('Afternoon (12 noon to 5pm)');
  await expect(item).toContainText(`Asked from${step}`);
  await expectNoAxeViolations(agent);
  await snap(agent, 'help-callback-queue');

  const id = callbackIdOf(digits);
  expect(auditCount('callback-disclosure-viewed', id)).toBe(0);
  await iPressEnterOn(agent, item.getByRole('button', { name: /Show what they told us/ }));
  await expect(
    item.getByRole('heading', { name: 'Something makes this harder for them' }),
  ).toBeVisible();
  await expect(item).toContainText('Reading, numbers, English or using a computer is hard for me');
  await expect(item).toContainText('In their words: Please call rather than write');
  expect(auditCount('callback-disclosure-viewed', id)).toBe(1);
  await expectNoAxeViolations(agent);

  await iPressEnterOn(agent, item.getByRole('button', { name: /Assign to me/ }));
  await expect(item.getByRole('button', { name: /Give back/ })).toBeVisible();
  await iPressEnterOn(agent, item.getByRole('button', { name: /^Complete/ }));
  await expect(item.getByLabel('Note of the call')).toBeFocused();
  await expect(item.getByLabel('Note of the call')).toHaveAccessibleDescription(
    'Error: Enter a note of what happened on the call',
  );
  await expectNoAxeViolations(agent);
  await iTypeInto(
    agent,
    item.getByLabel('Note of the call'),
    'Called, read the questions out together',
  );
  await iPressEnterOn(agent, item.getByRole('button', { name: /^Complete/ }));
  await expect(item).toContainText('Completed');
  await expect(item).toContainText('Called, read the questions out together');
  await expect(item.getByRole('button', { name: /^Complete/ })).toHaveCount(0);
  await expectNoAxeViolations(agent);

  // The auditor: the completed request, but neither the disclosure nor the buttons to work it.
  const auditor = await staffPage(browser, 'auditor');
  await iPressEnterOn(auditor, auditor.getByRole('link', { name: 'Callbacks' }));
  await iPressEnterOn(auditor, auditor.getByRole('link', { name: 'Completed' }));
  const seen = auditor.getByRole('region', { name: new RegExp(`Call ${phone.spaced}`) });
  await expect(seen).toContainText('Called, read the questions out together');
  await expect(seen).not.toContainText('makes this harder');
  await expect(seen.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(auditor);
  await snap(auditor, 'help-callback-completed-auditor');
  expect(auditCount('callback-disclosure-viewed', id)).toBe(1);
});
