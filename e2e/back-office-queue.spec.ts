import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { findApplication } from './support/db';
import {
  iPressEnterOn,
  iSelectWithArrows,
  iTabTo,
  iTickWithSpace,
  iTypeInto,
} from './support/keyboard';
import { snap } from './support/screenshots';

// The work queue and the lender record (docs/back-office.md "The work queue" and "Lenders",
// decisions 0083-0085): saved views with counts, bulk assign, a case's next action, a lender
// submission recorded and its decision updated; each role's allowed and refused paths, keyboard
// only, axe on every state. Serial: the views' counts are read before and after each change.
test.describe.configure({ mode: 'serial' });

async function submitted(page: Page, firstName: string, lastName: string) {
  const made = application({ firstName, lastName });
  // The commission disclosure, as the applicant's footer reports it (docs/evidence.md).
  expect(
    (
      await page.request.post(`/api/disclosures/${made.key}`, {
        data: { shown: [{ text: 'commission', version: 1 }] },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await page.request.post(`/api/submission/${made.key}`, { data: made.payload })).status(),
  ).toBe(200);
  return findApplication(made.key)!;
}

async function newStaffPage(
  browser: Browser,
  role: string,
): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signedInAs(page, role);
  return { page, email };
}

function viewLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', {
    name: new RegExp(`^${name} \\d+ cases?$`),
  });
}

async function countOf(page: Page, name: string): Promise<number> {
  const link = viewLink(page, name);
  await expect(link).toBeVisible();
  return Number(/(\d+) cases?$/.exec((await link.textContent())!.trim())![1]);
}

const cases = (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`;

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

test('an admin assigns cases in bulk from the queue; the agent finds them under Mine, sets a next action and moves one to awaiting documents', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const one = await submitted(page, 'Queue', 'Hopper');
  const two = await submitted(page, 'Queue', 'Lamarr');
  const three = await submitted(page, 'Queue', 'Easley');
  const agent = await newStaffPage(browser, 'agent');

  await signedInAs(page, 'admin');
  await iPressEnterOn(page, page.getByRole('link', { name: 'Work queue' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeFocused();
  await expect(viewLink(page, 'Mine')).toHaveAttribute('aria-current', 'page');
  await expect(viewLink(page, 'Mine')).toHaveAccessibleName('Mine 0 cases');
  await expect(page.getByText('No cases in this view.')).toBeVisible();
  await expectNoAxeViolations(page);

  await iPressEnterOn(page, viewLink(page, 'Unassigned'));
  await expect(page.getByRole('heading', { level: 2, name: 'Unassigned' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Cases: Unassigned' });
  for (const name of ['Queue Hopper', 'Queue Lamarr', 'Queue Easley']) {
    await expect(table.getByRole('link', { name })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-queue');

  // Nothing selected: said, and nothing changes.
  await iPressEnterOn(page, page.getByRole('button', { name: 'Assign', exact: true }));
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Select at least one case');
  await expectNoAxeViolations(page);

  await iTickWithSpace(page, page.getByLabel(`Select Queue Hopper, ${one.reference}`));
  await iTickWithSpace(page, page.getByLabel(`Select Queue Lamarr, ${two.reference}`));
  await expect(page.getByText('2 cases selected')).toBeVisible();
  await iSelectWithArrows(page, page.getByLabel('Assign to'), `Mary Jackson (${agent.email})`);
  await iPressEnterOn(page, page.getByRole('button', { name: 'Assign', exact: true }));
  await expect(
    page.getByRole('status').filter({ hasText: '2 cases assigned to Mary Jackson' }),
  ).toHaveCount(1);
  // Other specs add unassigned applications meanwhile, so this view's count is not exact here;
  // the two cases have left it.
  await expect(viewLink(page, 'Unassigned')).toHaveAccessibleName(/^Unassigned \d+ cases?$/);
  await expect(table.getByRole('link', { name: 'Queue Hopper' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The agent: the two cases are theirs.
  const agentPage = agent.page;
  await iPressEnterOn(agentPage, agentPage.getByRole('link', { name: 'Work queue' }));
  await expect(viewLink(agentPage, 'Mine')).toHaveAccessibleName('Mine 2 cases');
  const mine = agentPage.getByRole('table', { name: 'Cases: Mine' });
  await expect(mine.getByRole('row')).toHaveCount(3);
  // An agent takes cases for themselves only: no one else to choose.
  await expect(agentPage.getByLabel('Assign to')).toHaveCount(0);
  await expect(agentPage.getByRole('button', { name: 'Assign to me' })).toBeVisible();
  await expectNoAxeViolations(agentPage);

  // A case the admin took a moment before the agent pressed: refused, nothing changed.
  await iPressEnterOn(agentPage, viewLink(agentPage, 'Unassigned'));
  await iTickWithSpace(agentPage, agentPage.getByLabel(`Select Queue Easley, ${three.reference}`));
  await iTickWithSpace(page, page.getByLabel(`Select Queue Easley, ${three.reference}`));
  await iSelectWithArrows(page, page.getByLabel('Assign to'), 'Me');
  await iPressEnterOn(page, page.getByRole('button', { name: 'Assign', exact: true }));
  await expect(page.getByRole('status').filter({ hasText: '1 case assigned to you' })).toHaveCount(
    1,
  );
  await iPressEnterOn(agentPage, agentPage.getByRole('button', { name: 'Assign to me' }));
  const refused = agentPage.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(refused).toBeFocused();
  await expect(refused).toContainText(
    'Some of these cases are assigned to someone else. Ask an admin to reassign them',
  );
  await expectNoAxeViolations(agentPage);
  await expect(viewLink(agentPage, 'Mine')).toHaveAccessibleName('Mine 2 cases');

  // A next action today, then awaiting documents: the case is in both views.
  const dueBefore = await countOf(agentPage, 'Due today');
  const documentsBefore = await countOf(agentPage, 'Awaiting documents');
  await iPressEnterOn(agentPage, viewLink(agentPage, 'Mine'));
  await iPressEnterOn(
    agentPage,
    agentPage
      .getByRole('table', { name: 'Cases: Mine' })
      .getByRole('link', { name: 'Queue Hopper' }),
  );
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Queue Hopper' })).toBeFocused();
  const nextAction = agentPage.getByRole('region', { name: 'Next action' });
  await expect(nextAction).toContainText('No next action date.');
  await iTabTo(agentPage, nextAction.getByLabel('Next action date'));
  // The date field's segments follow the browser's own locale, not the page's: filled whole.
  await nextAction.getByLabel('Next action date').fill(londonToday());
  await iPressEnterOn(agentPage, nextAction.getByRole('button', { name: 'Set next action' }));
  await expect(nextAction).toContainText('(today).');
  await expectNoAxeViolations(agentPage);
  await iSelectWithArrows(agentPage, agentPage.getByLabel('New status'), 'Awaiting documents');
  await iPressEnterOn(agentPage, agentPage.getByRole('button', { name: 'Change status' }));
  await expect(
    agentPage.getByRole('region', { name: 'Work' }).getByText('Awaiting documents').first(),
  ).toBeVisible();

  await iPressEnterOn(agentPage, agentPage.getByRole('link', { name: 'Work queue' }));
  await expect(viewLink(agentPage, 'Due today')).toHaveAccessibleName(
    `Due today ${cases(dueBefore + 1)}`,
  );
  await expect(viewLink(agentPage, 'Awaiting documents')).toHaveAccessibleName(
    `Awaiting documents ${cases(documentsBefore + 1)}`,
  );
  await iPressEnterOn(agentPage, viewLink(agentPage, 'Due today'));
  const due = agentPage.getByRole('table', { name: 'Cases: Due today' });
  await expect(due.getByRole('row').filter({ hasText: one.reference! })).toContainText('Today');
  await expectNoAxeViolations(agentPage);
  await snap(agentPage, 'back-office-queue-due-today');
  await agentPage.context().close();
});

test('an agent records a lender submission from the panel’s matches and updates its decision; an auditor reads it and cannot change it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stored = await submitted(page, 'Lender', 'Vaughan');
  await signedInAs(page, 'agent');
  await page.goto(`/back-office/applications/${stored.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lender Vaughan' })).toBeFocused();
  const lenders = page.getByRole('region', { name: 'Lenders' });
  await expect(lenders).toContainText('Commission disclosure served to the applicant: version 1.');
  await expect(lenders).toContainText('Not sent to a lender yet.');
  const lender = lenders.getByLabel('Lender', { exact: true });
  await expect(lender.locator('option')).toHaveText([
    'Pennyworth Motor Finance (fictional)',
    'Northgate Vehicle Credit (fictional)',
  ]);
  await expectNoAxeViolations(page);

  // A commission that is not an amount: said, linked, nothing recorded.
  await iSelectWithArrows(page, lender, 'Northgate Vehicle Credit (fictional)');
  await iTypeInto(page, lenders.getByLabel('Lender’s reference (optional)'), 'NVC-2026/77');
  await iTypeInto(page, lenders.getByLabel('Commission, in pounds'), '45O');
  await iPressEnterOn(page, lenders.getByRole('button', { name: 'Record submission' }));
  const problem = lenders.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problem).toBeFocused();
  await expect(problem.getByRole('link')).toHaveText(
    'Enter the commission in pounds and pence, for example 450.00',
  );
  await expectNoAxeViolations(page);
  await iTypeInto(page, lenders.getByLabel('Commission, in pounds'), '450');
  await iPressEnterOn(page, lenders.getByRole('button', { name: 'Record submission' }));

  const rows = lenders.getByRole('table', { name: 'Submissions to lenders, oldest first' });
  const first = rows.getByRole('row').filter({ hasText: 'Northgate Vehicle Credit (fictional)' });
  await expect(first).toContainText('NVC-2026/77');
  await expect(first).toContainText('Pending');
  await expect(first).toContainText('£450.00');
  await expect(first).toContainText('Version 1');
  await expectNoAxeViolations(page);

  // Declined: then resubmitted to the other lender, approved and paid out.
  const decision = lenders.getByLabel('Decision', { exact: true });
  await iSelectWithArrows(page, decision, 'Declined');
  await iPressEnterOn(page, lenders.getByRole('button', { name: 'Save the lender’s decision' }));
  await expect(first).toContainText('Declined');
  await expect(lenders.getByRole('heading', { name: 'Resubmit to another lender' })).toBeVisible();
  await expect(lenders.getByLabel('Lender', { exact: true }).locator('option')).toHaveText([
    'Pennyworth Motor Finance (fictional)',
  ]);
  await iTypeInto(page, lenders.getByLabel('Commission, in pounds'), '425.50');
  await iPressEnterOn(page, lenders.getByRole('button', { name: 'Resubmit' }));
  const second = rows.getByRole('row').filter({ hasText: 'Pennyworth Motor Finance (fictional)' });
  await expect(second).toContainText('(resubmitted)');
  await expect(second).toContainText('Pending');
  await iSelectWithArrows(page, lenders.getByLabel('Decision', { exact: true }), 'Approved');
  await iTypeInto(page, lenders.getByLabel('Lender’s reference', { exact: true }), 'PMF-31');
  const today = londonToday();
  await iTabTo(page, lenders.getByLabel('Date paid out (optional)'));
  await lenders.getByLabel('Date paid out (optional)').fill(today);
  await iPressEnterOn(page, lenders.getByRole('button', { name: 'Save the lender’s decision' }));
  await expect(second).toContainText('Approved');
  await expect(second).toContainText('PMF-31');
  await expect(second).toContainText(
    new Date(`${today}T12:00:00Z`).toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
  );
  await expect(second).toContainText('£425.50');
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-lender-record');

  // The auditor reads the record; there is nothing to change it with.
  const auditor = await newStaffPage(browser, 'auditor');
  await auditor.page.goto(`/back-office/applications/${stored.id}`);
  const read = auditor.page.getByRole('region', { name: 'Lenders' });
  await expect(read.getByRole('row').filter({ hasText: 'PMF-31' })).toContainText('Approved');
  await expect(read.getByRole('button')).toHaveCount(0);
  await expect(read.getByRole('combobox')).toHaveCount(0);
  await expect(
    auditor.page.getByRole('region', { name: 'Next action' }).getByRole('button'),
  ).toHaveCount(0);
  await expectNoAxeViolations(auditor.page);
  await iPressEnterOn(auditor.page, auditor.page.getByRole('link', { name: 'Work queue' }));
  await expect(viewLink(auditor.page, 'Mine')).toHaveAccessibleName('Mine 0 cases');
  await iPressEnterOn(auditor.page, viewLink(auditor.page, 'Unassigned'));
  await expect(auditor.page.getByRole('checkbox')).toHaveCount(0);
  await expect(auditor.page.getByRole('button', { name: /Assign/ })).toHaveCount(0);
  await expectNoAxeViolations(auditor.page);
  await auditor.page.context().close();
});
