import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { runRetentionCommand } from '../lifecycle/cli.js';
import type { TestApp, TestDatabase } from '../test-support/databases.js';
import { openTestDatabase, startTestApp } from '../test-support/databases.js';
import { confirmationOf } from '../test-support/erasure.js';
import { validPayload } from '../test-support/fixtures.js';
import { startS3Server } from '../test-support/s3.js';
import type { S3Server } from '../test-support/s3.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import type { SmtpCatcher } from '../test-support/smtp.js';
import type { SignedIn } from '../test-support/staff.js';
import { addActiveStaff, signIn } from '../test-support/staff.js';
import { s3DocumentStore } from './s3-store.js';
import { documentStoreFor } from './store.js';

/** A real one-page PDF: what the upload's checks read. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The documents' routes with DOCUMENTS_S3_* set: the same flow as documents.test.ts, with the
 * bytes in a real S3-compatible server (s3rver) instead of a folder. Storage does not depend on
 * the database, so SQLite alone.
 */
describe('documents kept in an S3-compatible bucket', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let s3: S3Server;
  let smtp: SmtpCatcher;
  let t: TestApp;
  let agent: SignedIn;
  let admin: SignedIn;
  let n = 0;

  beforeAll(async () => {
    database = await openTestDatabase('sqlite', inject('postgresUrl'));
    s3 = await startS3Server();
    smtp = await startSmtpCatcher();
    t = await startTestApp(database, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_BASE_URL: 'https://apply.example.com',
        ...s3.env({ DOCUMENTS_S3_PREFIX: 'documents/' }),
      },
    });
    agent = await signIn(t, await addActiveStaff(t, 'agent'));
    admin = await signIn(t, await addActiveStaff(t, 'admin'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await s3.close();
    await database.close();
  });
  afterEach(async () => {
    await t.db.deleteFrom('applications').execute();
  });

  /** A new application, a payslip asked for, and the upload link's token. */
  async function askedForPayslip() {
    n += 1;
    const email = `s3-docs-${n}@example.com`;
    const payload = validPayload({ email });
    await t.app.inject({
      method: 'POST',
      url: `/api/submission/${payload.submissionKey}`,
      payload,
    });
    const application = await t.db
      .selectFrom('applications')
      .select('id')
      .where('submission_key', '=', payload.submissionKey)
      .executeTakeFirstOrThrow();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${application.id}/documents`,
      payload: { types: ['payslip'] },
      headers: agent.headers(),
    });
    expect(asked.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    const token = /https:\/\/apply\.example\.com\/documents#([A-Za-z0-9_-]{43})/.exec(
      mail.text,
    )![1]!;
    const documentId = asked.json<{ documents: { id: number }[] }>().documents[0]!.id;
    return { applicationId: application.id, email, token, documentId };
  }

  function upload(app: TestApp, token: string, documentId: number, fileName: string) {
    return app.app.inject({
      method: 'POST',
      url: `/api/documents/upload/${documentId}`,
      payload: PDF,
      headers: {
        'content-type': 'application/pdf',
        'x-document-token': token,
        'x-file-name': encodeURIComponent(fileName),
      },
    });
  }

  const storageKeyOf = async (documentId: number) =>
    (
      await t.db
        .selectFrom('application_documents')
        .select('storage_key')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow()
    ).storage_key;

  it('an upload lands in the bucket under its random key; staff download it; erasure deletes the object', async () => {
    expect(documentStoreFor(t.config).kind).toBe('s3');
    const { applicationId, email, token, documentId } = await askedForPayslip();

    const uploaded = await upload(t, token, documentId, 'Payslip March.pdf');
    expect(uploaded.statusCode).toBe(201);
    const key = await storageKeyOf(documentId);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Listed by the S3 API: one object, named by the key alone, holding the bytes sent.
    expect(await s3.keys()).toEqual([`documents/${key}`]);
    expect(await s3DocumentStore(s3.options({ prefix: 'documents/' })).get(key!)).toEqual(PDF);
    expect(s3.files().some((file) => file.includes(key!))).toBe(true);
    expect(s3.files().some((file) => file.includes('Payslip'))).toBe(false);
    // The folder is not used when the bucket is configured.
    expect(fs.existsSync(t.config.documentsDir)).toBe(false);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/staff/applications/${applicationId}/documents/${documentId}/file`,
      headers: admin.headers(),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload).toEqual(PDF);

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/staff/erasure',
      payload: {
        q: email,
        reason: 'Asked to',
        applicationIds: [applicationId],
        confirmation: await confirmationOf(t.db, [applicationId]),
      },
      headers: admin.headers(),
    });
    expect(erased.statusCode).toBe(200);
    expect(await t.db.selectFrom('application_documents').selectAll().execute()).toEqual([]);
    expect(await s3.keys()).toEqual([]);
    expect(s3.files().some((file) => file.includes(key!))).toBe(false);
  });

  it('the retention command deletes an expired case’s object from the bucket', async () => {
    const { token, documentId } = await askedForPayslip();
    expect((await upload(t, token, documentId, 'p.pdf')).statusCode).toBe(201);
    const key = await storageKeyOf(documentId);
    expect(await s3.keys()).toEqual([`documents/${key}`]);
    const lines: string[] = [];
    const code = await runRetentionCommand(['--now', '2040-01-01T00:00:00Z'], {
      db: t.db,
      periods: t.config.retention,
      files: documentStoreFor(t.config),
      out: (line) => lines.push(line),
      error: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines).toContain('  documentFiles\t1');
    expect(await s3.keys()).toEqual([]);
  });

  it('with a wrong secret the upload fails, the document is still asked for, and neither the answer nor the logs hold the secret', async () => {
    const secret = 'Not-The-Secret-0b9e4d1f';
    const wrong = await startTestApp(database, {
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_BASE_URL: 'https://apply.example.com',
        ...s3.env({ DOCUMENTS_S3_SECRET_ACCESS_KEY: secret }),
      },
    });
    try {
      const { token, documentId } = await askedForPayslip();
      const failed = await upload(wrong, token, documentId, 'Payslip.pdf');
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(secret);
      const logged = JSON.stringify(wrong.logs());
      expect(logged).toContain(
        `Document storage: put on bucket ${s3.bucket} at ${s3.endpoint} answered 403 SignatureDoesNotMatch`,
      );
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain('%PDF');
      const row = await t.db
        .selectFrom('application_documents')
        .select(['status', 'storage_key'])
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'requested', storage_key: null });
      expect(await s3.keys()).toEqual([]);

      // The same link still works once the server has the right secret.
      expect((await upload(t, token, documentId, 'Payslip.pdf')).statusCode).toBe(201);
      expect(await s3.keys()).toHaveLength(1);
    } finally {
      await wrong.close();
    }
  });
});
