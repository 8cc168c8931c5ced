import fs from 'node:fs';
import { confirmationOf } from '../test-support/erasure.js';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteExpired } from '../lifecycle/retention.js';
import type { DialectName, TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { validJointPayload, validPayload } from '../test-support/fixtures.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import type { SmtpCatcher } from '../test-support/smtp.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { DOCUMENT_MESSAGES } from './documents.js';
import { diskDocumentStore } from './store.js';

/** A real one-page PDF, a real 1×1 PNG and the start of a JPEG: what the checks read. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

interface StaffDocument {
  id: number;
  type: string;
  status: string;
  fileName: string | null;
  reason: string | null;
}
interface LinkView {
  documents: {
    id: number;
    type: string;
    name: string;
    status: string;
    previousReason: string | null;
  }[];
}

describe.each<DialectName>(['sqlite', 'postgres'])(
  'documents asked for by upload link on %s',
  { timeout: 120_000 },
  (dialect) => {
    let database: TestDatabase;
    let t: TestApp;
    let smtp: SmtpCatcher;
    let folder: string;
    let agent: SignedIn;
    let admin: SignedIn;
    let auditor: SignedIn;
    let n = 0;

    beforeAll(async () => {
      database = await openTestDatabase(dialect, inject('postgresUrl'));
      smtp = await startSmtpCatcher();
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'broker-documents-'));
      t = await startTestApp(database, {
        env: {
          SMTP_URL: smtp.url,
          DOCUMENTS_DIR: folder,
          PUBLIC_BASE_URL: 'https://apply.example.com',
        },
      });
      agent = await signIn(t, await addActiveStaff(t, 'agent'));
      admin = await signIn(t, await addActiveStaff(t, 'admin'));
      auditor = await signIn(t, await addActiveStaff(t, 'auditor'));
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
      await database.close();
      fs.rmSync(folder, { recursive: true, force: true });
    });
    afterEach(async () => {
      await t.db.deleteFrom('applications').execute();
    });

    async function newApplication(joint = false) {
      n += 1;
      const email = `docs-${dialect}-${n}@example.com`;
      const payload = joint ? validJointPayload({ email }) : validPayload({ email });
      await t.app.inject({
        method: 'POST',
        url: `/api/submission/${payload.submissionKey}`,
        payload,
      });
      const row = await t.db
        .selectFrom('applications')
        .select('id')
        .where('submission_key', '=', payload.submissionKey)
        .executeTakeFirstOrThrow();
      return { id: row.id, email };
    }

    /** Asks for documents as `who`; the token from the e-mailed link. */
    async function ask(applicationId: number, email: string, types: string[], who = agent) {
      const before = smtp.to(email).length;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${applicationId}/documents`,
        payload: { types },
        headers: who.headers(),
      });
      expect(response.statusCode).toBe(201);
      const mail = await smtp.waitFor(email);
      expect(smtp.to(email)).toHaveLength(before + 1);
      const link = /https:\/\/apply\.example\.com\/documents#([A-Za-z0-9_-]{43})/.exec(mail.text);
      return {
        mail,
        token: link![1]!,
        documents: response.json<{ documents: StaffDocument[] }>().documents,
      };
    }

    function view(token: string) {
      return t.app.inject({ method: 'POST', url: '/api/documents/link', payload: { token } });
    }

    function upload(
      token: string,
      documentId: number,
      bytes: Buffer,
      fileName: string,
      contentType: string,
    ) {
      return t.app.inject({
        method: 'POST',
        url: `/api/documents/upload/${documentId}`,
        payload: bytes,
        headers: {
          'content-type': contentType,
          'x-document-token': token,
          'x-file-name': encodeURIComponent(fileName),
        },
      });
    }

    const stored = () => fs.readdirSync(folder);

    it('e-mails a link whose token is stored only as a hash; the page lists what is needed; auditors cannot ask', async () => {
      const application = await newApplication();
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/documents`,
        payload: { types: ['payslip'] },
        headers: auditor.headers(),
      });
      expect(refused.statusCode).toBe(403);
      const empty = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/documents`,
        payload: { types: [] },
        headers: agent.headers(),
      });
      expect(empty.json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'types', message: 'Select at least one document to ask for' }],
      });

      const { mail, token, documents } = await ask(application.id, application.email, [
        'payslip',
        'id',
      ]);
      expect(mail.subject).toBe('Documents we need for your application – Evo Finance');
      expect(mail.text).toContain('• Payslip');
      expect(mail.text).toContain('• Photo ID (passport or driving licence)');
      expect(mail.html).toContain(`href="https://apply.example.com/documents#${token}"`);
      expect(documents.map((document) => [document.type, document.status])).toEqual([
        ['id', 'requested'],
        ['payslip', 'requested'],
      ]);
      const links = await t.db.selectFrom('document_links').select('token_hash').execute();
      expect(links).toHaveLength(1);
      expect(links[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(links[0]!.token_hash).not.toContain(token);

      const shown = await view(token);
      expect(shown.statusCode).toBe(200);
      expect(shown.json<LinkView>().documents).toEqual([
        expect.objectContaining({ type: 'payslip', name: 'Payslip', status: 'needed' }),
        expect.objectContaining({ type: 'id', status: 'needed' }),
      ]);
      const audit = await t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'target'])
        .where('action', '=', 'documents-requested')
        .execute();
      expect(audit).toEqual([{ action: 'documents-requested', target: String(application.id) }]);
    });

    it('takes a PDF, JPEG or PNG by its bytes, stored under a random name; refuses a file that is not what it claims, an empty one and one over 10 MB (413)', async () => {
      const application = await newApplication();
      const { token, documents } = await ask(application.id, application.email, ['bank-statement']);
      const id = documents[0]!.id;
      const before = stored();

      const html = await upload(token, id, HTML, 'statement.pdf', 'application/pdf');
      expect(html.statusCode).toBe(400);
      expect(html.json()).toEqual({
        error: 'invalid_file',
        message:
          'The file is not the PDF, JPEG or PNG its name says it is. Choose a PDF, JPEG or PNG file',
      });
      const pngAsPdf = await upload(token, id, PNG, 'statement.pdf', 'application/pdf');
      expect(pngAsPdf.json()).toMatchObject({ message: DOCUMENT_MESSAGES.notWhatItClaims });
      const pdfNamedPng = await upload(token, id, PDF, 'statement.png', 'application/pdf');
      expect(pdfNamedPng.json()).toMatchObject({ message: 'The file must be a PDF, JPEG or PNG' });
      const docx = await upload(
        token,
        id,
        Buffer.from('PK\u0003\u0004 not really'),
        'statement.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(docx.json()).toMatchObject({ message: 'The file must be a PDF, JPEG or PNG' });
      const empty = await upload(token, id, Buffer.alloc(0), 'statement.pdf', 'application/pdf');
      expect(empty.json()).toMatchObject({ message: 'The file is empty. Choose the file again' });
      const big = await upload(
        token,
        id,
        Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
        'statement.pdf',
        'application/pdf',
      );
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ error: 'payload_too_large' });
      expect(stored()).toEqual(before);

      const taken = await upload(
        token,
        id,
        PDF,
        '../../etc/passwd statement.pdf',
        'application/pdf',
      );
      expect(taken.statusCode).toBe(201);
      expect(taken.json<LinkView>().documents).toEqual([
        expect.objectContaining({ id, status: 'received' }),
      ]);
      const added = stored().filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^[0-9a-f-]{36}\.bin$/);
      expect(fs.readFileSync(path.join(folder, added[0]!))).toEqual(PDF);
      const row = await t.db
        .selectFrom('application_documents')
        .select(['file_name', 'content_type', 'size_bytes', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        file_name: 'passwd statement.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        status: 'received',
      });
    });

    it('refuses a used, expired or unknown link with its message, and one application’s link cannot touch another’s documents', async () => {
      const first = await newApplication();
      const second = await newApplication();
      const a = await ask(first.id, first.email, ['payslip']);
      const b = await ask(second.id, second.email, ['payslip']);

      const across = await upload(a.token, b.documents[0]!.id, PNG, 'p.png', 'image/png');
      expect(across.statusCode).toBe(404);
      expect(across.json()).toMatchObject({ message: DOCUMENT_MESSAGES.linkUnknown });
      expect((await view(a.token)).json<LinkView>().documents.map((d) => d.id)).toEqual([
        a.documents[0]!.id,
      ]);

      expect(
        (await upload(a.token, a.documents[0]!.id, PNG, 'p.png', 'image/png')).statusCode,
      ).toBe(201);
      const used = await view(a.token);
      expect(used.statusCode).toBe(410);
      expect(used.json()).toEqual({
        error: 'link_used',
        message:
          'This link has been used: we have every document it asked for. If we need anything else, we will e-mail you a new link',
      });
      const again = await upload(a.token, a.documents[0]!.id, PNG, 'p.png', 'image/png');
      expect(again.statusCode).toBe(410);

      const unknown = await view('A'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        error: 'link_unknown',
        message:
          'This link is not valid. Check you used the whole link from our e-mail, or contact us for a new one',
      });
      expect((await view('../../etc')).statusCode).toBe(404);

      t.clock.advanceDays(15);
      try {
        const expired = await view(b.token);
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toEqual({
          error: 'link_expired',
          message: 'This link has expired. Contact us and we will send you a new one',
        });
      } finally {
        t.clock.advanceDays(-15);
      }
    });

    it('staff download a file only as an attachment, every view audited; they accept, or reject with a reason shown to the applicant as text', async () => {
      const application = await newApplication();
      const { token, documents } = await ask(application.id, application.email, [
        'proof-of-address',
      ]);
      const id = documents[0]!.id;
      await upload(token, id, PNG, 'bill.png', 'image/png');

      const fileUrl = `/api/staff/applications/${application.id}/documents/${id}/file`;
      const download = await t.app.inject({
        method: 'GET',
        url: fileUrl,
        headers: auditor.headers(),
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="proof-of-address-${id}.png"`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(download.rawPayload).toEqual(PNG);
      const otherApplication = await newApplication();
      const wrongCase = await t.app.inject({
        method: 'GET',
        url: `/api/staff/applications/${otherApplication.id}/documents/${id}/file`,
        headers: agent.headers(),
      });
      expect(wrongCase.statusCode).toBe(404);
      const viewed = await t.db
        .selectFrom('staff_audit_log')
        .select(['action', 'target', 'detail_json'])
        .where('action', '=', 'document-viewed')
        .execute();
      expect(viewed).toEqual([
        {
          action: 'document-viewed',
          target: String(application.id),
          detail_json: JSON.stringify({ document: id }),
        },
      ]);

      const decide = (who: SignedIn, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/staff/applications/${application.id}/documents/${id}/decision`,
          payload,
          headers: who.headers(),
        });
      expect((await decide(auditor, { decision: 'accept' })).statusCode).toBe(403);
      expect((await decide(agent, { decision: 'reject', reason: ' ' })).json()).toEqual({
        error: 'invalid',
        fields: [{ path: 'reason', message: 'Enter the reason the document cannot be accepted' }],
      });
      const reason = 'The bill is older than 3 months <b>please</b>';
      const rejected = await decide(agent, { decision: 'reject', reason });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json<{ documents: StaffDocument[] }>().documents[0]).toMatchObject({
        status: 'rejected',
        reason,
      });
      expect((await decide(agent, { decision: 'accept' })).statusCode).toBe(409);

      const again = await ask(application.id, application.email, ['proof-of-address']);
      expect(again.mail.text).toContain(`• Proof of address (again: ${reason})`);
      expect(again.mail.html).toContain('&lt;b&gt;please&lt;/b&gt;');
      expect(again.mail.html).not.toContain('<b>please</b>');
      expect((await view(again.token)).json<LinkView>().documents).toEqual([
        expect.objectContaining({ status: 'needed', previousReason: reason }),
      ]);
      const newId = again.documents[0]!.id;
      await upload(again.token, newId, PDF, 'bill.pdf', 'application/pdf');
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/documents/${newId}/decision`,
        payload: { decision: 'accept' },
        headers: admin.headers(),
      });
      expect(accepted.json<{ documents: StaffDocument[] }>().documents[0]).toMatchObject({
        id: newId,
        status: 'accepted',
        reason: null,
      });
      const actions = await t.db
        .selectFrom('staff_audit_log')
        .select('action')
        .where('action', 'in', ['document-accepted', 'document-rejected'])
        .orderBy('id')
        .execute();
      expect(actions.map((row) => row.action)).toEqual(['document-rejected', 'document-accepted']);
    });

    it('lists documents in subject access; erasure deletes their rows and their files', async () => {
      const application = await newApplication();
      const { token, documents } = await ask(application.id, application.email, ['payslip']);
      const before = stored();
      await upload(token, documents[0]!.id, PDF, 'Unique-Payslip-Name.pdf', 'application/pdf');
      const file = stored().find((name) => !before.includes(name))!;
      expect(file).toBeDefined();

      const access = await t.app.inject({
        method: 'POST',
        url: '/api/staff/subject-access',
        payload: { q: application.email },
        headers: admin.headers(),
      });
      expect(access.statusCode).toBe(200);
      const document = JSON.parse(access.body) as {
        applications: { documents: Record<string, unknown>[] }[];
      };
      expect(document.applications[0]!.documents).toEqual([
        expect.objectContaining({
          type: 'payslip',
          status: 'received',
          fileName: 'Unique-Payslip-Name.pdf',
          contentType: 'application/pdf',
          sizeBytes: PDF.length,
        }),
      ]);

      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: application.email,
          reason: 'Asked to',
          applicationIds: [application.id],
          confirmation: await confirmationOf(t.db, [application.id]),
        },
        headers: admin.headers(),
      });
      expect(erased.statusCode).toBe(200);
      expect(stored()).not.toContain(file);
      expect(await t.db.selectFrom('application_documents').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('document_links').selectAll().execute()).toEqual([]);
      if (dialect === 'sqlite') {
        for (const suffix of ['', '-wal', '-shm']) {
          const name = `${database.url}${suffix}`;
          if (!fs.existsSync(name)) continue;
          expect(fs.readFileSync(name).includes(Buffer.from('Unique-Payslip-Name'))).toBe(false);
        }
      }
    });

    it('erasing the joint applicant deletes their documents and files, and keeps the applicant’s', async () => {
      const application = await newApplication(true);
      const mine = await ask(application.id, application.email, ['payslip']);
      const jointResponse = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.id}/documents`,
        payload: { types: ['id'], person: 'joint' },
        headers: agent.headers(),
      });
      expect(jointResponse.statusCode).toBe(201);
      const jointMail = await smtp.waitFor('ben@example.com');
      const jointToken = /documents#([A-Za-z0-9_-]{43})/.exec(jointMail.text)![1]!;
      const jointId = (await view(jointToken)).json<LinkView>().documents[0]!.id;
      const before = stored();
      await upload(mine.token, mine.documents[0]!.id, PDF, 'a.pdf', 'application/pdf');
      const applicantFile = stored().find((name) => !before.includes(name))!;
      await upload(jointToken, jointId, PNG, 'b.png', 'image/png');
      const jointFile = stored().find((name) => !before.includes(name) && name !== applicantFile)!;

      const erased = await t.app.inject({
        method: 'POST',
        url: '/api/staff/erasure',
        payload: {
          q: 'ben@example.com',
          reason: 'Asked to',
          applicationIds: [application.id],
          confirmation: await confirmationOf(t.db, [application.id]),
        },
        headers: admin.headers(),
      });
      expect(erased.statusCode).toBe(200);
      expect(stored()).toContain(applicantFile);
      expect(stored()).not.toContain(jointFile);
      const left = await t.db
        .selectFrom('application_documents')
        .select(['person_role', 'document_type'])
        .execute();
      expect(left).toEqual([{ person_role: 'applicant', document_type: 'payslip' }]);
    });

    it('retention deletes an expired application’s documents with their files', async () => {
      const application = await newApplication();
      const { token, documents } = await ask(application.id, application.email, ['payslip']);
      const before = stored();
      await upload(token, documents[0]!.id, PDF, 'p.pdf', 'application/pdf');
      const file = stored().find((name) => !before.includes(name))!;
      const result = await deleteExpired(
        t.db,
        new Date('2040-01-01T00:00:00Z'),
        t.config.retention,
        diskDocumentStore(folder),
      );
      expect(result).toMatchObject({ documents: 1, documentLinks: 1, documentFiles: 1 });
      expect(stored()).not.toContain(file);
      expect(await t.db.selectFrom('application_documents').selectAll().execute()).toEqual([]);
    });
  },
);

describe('document uploads are rate limited', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
    t = await startTestApp(database, { env: { RATE_LIMIT_SUBMISSIONS: '3' } });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('answers 429 after the limit a minute from one address, before reading the link', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/documents/upload/1',
        payload: PDF,
        headers: { 'content-type': 'application/pdf', 'x-document-token': 'B'.repeat(43) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
