import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { findApplication } from './support/db';
import { iChooseWithArrows, iPressEnterOn, iTypeInto } from './support/keyboard';
import { mailTo, theLatestMailTo } from './support/mailbox';
import { snap } from './support/screenshots';

// Templated messages to the applicant from the case (docs/mail.md, docs/back-office.md,
// docs/decisions/0092-templated-messages.md): an agent chooses a template, fills in its one box,
// previews and sends it; it arrives over SMTP in the brand and shows on the timeline. A
// marketing template is refused, with the reason, to an applicant who did not opt in. An
// auditor sees what was sent and cannot send. Keyboard only, axe on each state.

const NO_CONSENT =
  'This is a marketing message, and the applicant did not agree to marketing by e-mail when they applied. It cannot be sent to them';

async function submitted(request: APIRequestContext, lastName: string) {
  const { key, payload } = application({ lastName, IsOptedEmail: false });
  expect((await request.post(`/api/submission/${key}`, { data: payload })).status()).toBe(200);
  return { row: findApplication(key)!, email: payload.email };
}

test('an agent previews and sends a templated message: it arrives over SMTP and is on the timeline; a marketing one is refused without consent', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { row, email } = await submitted(request, 'Messenger');
  const agent = await signedInAs(page, 'agent');
  await page.goto(`/back-office/applications/${row.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Messenger' })).toBeFocused();

  const panel = page.getByRole('region', { name: 'Messages to the applicant' });
  await expect(panel.getByText('No messages yet.')).toBeVisible();
  const marketing = panel.getByRole('radio', { name: 'Offers (marketing)' });
  await expect(marketing).toHaveAccessibleDescription(`${NO_CONSENT}.`);
  await expectNoAxeViolations(page);

  // Nothing chosen: the summary says so.
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Preview the message' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText('Choose a message to send');

  const group = panel.getByRole('group', { name: 'Choose a message' });
  await iChooseWithArrows(page, group, 'Documents needed');
  const slot = panel.getByLabel('The documents we need');
  await iTypeInto(page, slot, 'Upload them at www.example.com');
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Preview the message' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(
    'Remove the web address: a message from a template cannot link anywhere',
  );
  await expect(slot).toHaveAccessibleDescription(/Remove the web address/);
  await expectNoAxeViolations(page);

  await iTypeInto(page, slot, 'Your last 3 months’ payslips <b>and</b> a bank statement');
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Preview the message' }));
  const preview = panel.getByRole('region', {
    name: 'Preview: We need some documents for your application',
  });
  await expect(preview).toContainText('Your last 3 months’ payslips <b>and</b> a bank statement');
  await expect(preview).toContainText(`reference ${row.reference}`);
  await expect(preview).toContainText(`To ${email}. Check it, then send it.`);
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-message-preview');
  expect(await mailTo(email)).toEqual([]);

  await iPressEnterOn(page, preview.getByRole('button', { name: 'Send the message' }));
  await expect(panel.getByRole('status')).toHaveText('Message sent: Documents needed');
  const sent = panel.getByRole('table').getByRole('row').nth(1);
  await expect(sent).toContainText('Documents needed');
  await expect(sent).toContainText(email);
  await expect(sent).toContainText('Sent');
  const timeline = page.getByRole('region', { name: 'Work' }).getByRole('listitem').first();
  await expect(timeline).toContainText('E-mail sent to the applicant: Documents needed');
  await expect(timeline).toContainText(agent);

  const mail = await theLatestMailTo(email);
  expect(mail.subject).toBe('We need some documents for your application');
  expect(mail.body).toContain('Your last 3 months’ payslips <b>and</b> a bank statement');
  expect(mail.html).toContain('payslips &lt;b&gt;and&lt;/b&gt; a bank statement');
  expect(mail.html).toContain('Evo Finance');
  await expectNoAxeViolations(page);
  await snap(page, 'back-office-case-messages');

  // Marketing, without consent: refused, with the reason.
  await iChooseWithArrows(page, group, 'Offers (marketing)');
  await iTypeInto(page, panel.getByLabel('The offer'), 'Half price arrangement fee this week');
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Preview the message' }));
  await expect(page.getByRole('alert').getByRole('link')).toHaveText(NO_CONSENT);
  await expect(panel.getByRole('region', { name: /^Preview/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await mailTo(email)).map((each) => each.subject)).toEqual([
    'We need some documents for your application',
  ]);
});

test('an auditor sees the messages sent from a case and has no way to send one', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { row } = await submitted(request, 'Readonly');
  await signedInAs(page, 'auditor');
  await page.goto(`/back-office/applications/${row.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Katherine Readonly' })).toBeFocused();
  const panel = page.getByRole('region', { name: 'Messages to the applicant' });
  await expect(panel.getByText('No messages yet.')).toBeVisible();
  await expect(panel.getByRole('radio')).toHaveCount(0);
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
