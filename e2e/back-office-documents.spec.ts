import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { application, signedInAs } from './support/back-office';
import { findApplication } from './support/db';
import { iPressEnterOn, iTickWithSpace } from './support/keyboard';
import { theLatestMailTo } from './support/mailbox';
import { snap } from './support/screenshots';

// docs/documents.md: staff ask for a document from a case; the applicant gets an e-mail with an
// upload link (the run's real SMTP catcher), uploads on the applicant site, and staff accept it.
// A file that is not what it claims is refused with a message. Axe on every new screen.

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function postApplication(page: Page, email: string) {
  const { key, payload } = application({ email, firstName: 'Dorothy', lastName: 'Vaughan' });
  const response = await page.request.post(`/api/submission/${key}`, { data: payload });
  expect(response.status()).toBe(200);
  return findApplication(key)!;
}

test('a document is asked for, its link e-mailed, uploaded by the applicant through it, and accepted; a file that is not what it claims is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const email = `dorothy.${Date.now()}@example.com`;
  const stored = await postApplication(page, email);

  // An agent asks for a payslip and a bank statement from the case, by keyboard.
  await signedInAs(page, 'agent');
  await page.goto(`/back-office/applications/${stored.id}`);
  const panel = page.getByRole('region', { name: 'Documents' });
  await expect(panel).toContainText('No documents asked for yet.');
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Send upload link' }));
  await expect(page.getByRole('alert')).toContainText('Select at least one document to ask for');
  await expectNoAxeViolations(page);
  await iTickWithSpace(page, panel.getByLabel('Payslip'));
  await iTickWithSpace(page, panel.getByLabel('Bank statement'));
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Send upload link' }));
  await expect(panel.getByRole('row').filter({ hasText: 'Payslip' })).toContainText('Asked for');
  await expectNoAxeViolations(page);

  // The applicant's e-mail and its link.
  const mail = await theLatestMailTo(email);
  expect(mail.subject).toBe('Documents we need for your application – Evo Finance');
  expect(mail.body).toContain('• Payslip');
  expect(mail.body).toContain('• Bank statement');
  const link = /(http\S+\/documents#[A-Za-z0-9_-]{43})/.exec(mail.body)![1]!;

  const applicantContext = await browser.newContext();
  const applicant = await applicantContext.newPage();
  await applicant.goto(link);
  await expect(
    applicant.getByRole('heading', { level: 1, name: 'Upload your documents' }),
  ).toBeVisible();
  await expect(applicant.getByText('We need 2 documents from you.')).toBeVisible();
  await expectNoAxeViolations(applicant);
  await snap(applicant, 'documents-upload-empty');

  // A web page renamed to .pdf: refused, said beside the field, nothing lost.
  const payslip = applicant.getByRole('region', { name: 'Payslip' });
  await payslip.getByLabel('Choose a file for: Payslip').setInputFiles({
    name: 'payslip.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await payslip.getByRole('button', { name: 'Upload' }).click();
  await expect(payslip.getByRole('alert')).toHaveText(
    'Error: The file is not the PDF, JPEG or PNG its name says it is. Choose a PDF, JPEG or PNG file',
  );
  await expect(payslip.getByLabel('Choose a file for: Payslip')).toBeFocused();
  await expectNoAxeViolations(applicant);
  await snap(applicant, 'documents-upload-refused');

  await payslip.getByLabel('Choose a file for: Payslip').setInputFiles({
    name: 'payslip.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await payslip.getByRole('button', { name: 'Upload' }).click();
  await expect(payslip).toContainText('Received.');
  await expect(applicant.getByText('We need one document from you.')).toBeVisible();
  await expectNoAxeViolations(applicant);
  await snap(applicant, 'documents-upload-after');

  const statement = applicant.getByRole('region', { name: 'Bank statement' });
  await statement.getByLabel('Choose a file for: Bank statement').setInputFiles({
    name: 'statement.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await statement.getByRole('button', { name: 'Upload' }).click();
  await expect(
    applicant.getByText('Thank you: we have every document we asked for.'),
  ).toBeVisible();

  // The link is used up: a clear page.
  await applicant.reload();
  await expect(
    applicant.getByRole('heading', { level: 1, name: 'This link cannot be used' }),
  ).toBeVisible();
  await expect(
    applicant.getByText(
      'This link has been used: we have every document it asked for. If we need anything else, we will e-mail you a new link',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(applicant);
  await snap(applicant, 'documents-upload-used');
  await applicantContext.close();

  // The agent sees both, downloads one (as a file) and accepts it.
  await page.reload();
  const payslipRow = panel.getByRole('row').filter({ hasText: 'Payslip' });
  await expect(payslipRow).toContainText('Received: to check');
  const download = page.waitForEvent('download');
  await payslipRow.getByRole('link', { name: /Download payslip/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^payslip-\d+\.pdf$/);
  await iPressEnterOn(page, payslipRow.getByRole('button', { name: 'Accept Payslip' }));
  await expect(payslipRow).toContainText('Accepted');
  const statementRow = panel.getByRole('row').filter({ hasText: 'Bank statement' });
  await iPressEnterOn(page, statementRow.getByRole('button', { name: 'Reject Bank statement' }));
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Reject document' }));
  await expect(page.getByRole('alert')).toContainText(
    'Enter the reason the document cannot be accepted',
  );
  await panel.getByLabel('Why it cannot be accepted').fill('Please send all pages, <b>not</b> one');
  await iPressEnterOn(page, panel.getByRole('button', { name: 'Reject document' }));
  await expect(statementRow).toContainText('Rejected');
  await expect(statementRow).toContainText('Reason: Please send all pages, <b>not</b> one');
  await expectNoAxeViolations(page);
  await snap(page, 'documents-panel');
});

test('an auditor reads a case’s documents but cannot ask for or decide them', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `katherine.${Date.now()}@example.com`;
  const stored = await postApplication(page, email);
  await signedInAs(page, 'auditor');
  await page.goto(`/back-office/applications/${stored.id}`);
  const panel = page.getByRole('region', { name: 'Documents' });
  await expect(panel).toContainText('No documents asked for yet.');
  await expect(panel.getByRole('button', { name: 'Send upload link' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The API refuses the auditor all the same.
  const csrf = await page.evaluate(async () => {
    const response = await fetch('/api/staff/session');
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  });
  const refused = await page.request.post(`/api/staff/applications/${stored.id}/documents`, {
    data: { types: ['payslip'] },
    headers: { 'x-csrf-token': csrf },
  });
  expect(refused.status()).toBe(403);
});

test('an unknown upload link gets a clear page', async ({ page }) => {
  await page.goto(`/documents#${'x'.repeat(43)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link cannot be used' }),
  ).toBeVisible();
  await expect(
    page.getByText(
      'This link is not valid. Check you used the whole link from our e-mail, or contact us for a new one',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
