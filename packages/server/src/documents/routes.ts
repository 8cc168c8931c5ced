import { createHash } from 'node:crypto';
import { BRANDS } from '@broker/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { DocumentType, StaffRole } from '../db/schema.js';
import { errorBodySchema, errorResponses, jsonSchemaOf, zodValidation } from '../http/openapi.js';
import { renderBrandedMail } from '../mail/branded.js';
import type { MailTransport } from '../portal/mail.js';
import { fileAnswer, staffResponses, staffValidation } from '../staff/schemas.js';
import {
  ACCEPTED_FILES,
  displayFileName,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_NAMES,
  DOCUMENT_TYPES,
  extensionOf,
} from './documents.js';
import type { DocumentStore } from './store.js';
import { newStorageKey } from './store.js';
import { DOCUMENT_LINK_DAYS, hashLinkToken, isLinkTokenShaped, newLinkToken } from './tokens.js';
import type { StaffRouteDependencies } from '../staff/context.js';
import { findOr404, loadCase } from '../staff/context.js';

/** Agents and admins ask for and decide documents; auditors read them (docs/back-office.md). */
const DOCUMENT_WORKERS: readonly StaffRole[] = ['agent', 'admin'];
const DOCUMENT_READERS: readonly StaffRole[] = ['agent', 'admin', 'auditor'];

export interface DocumentRoutesOptions extends StaffRouteDependencies {
  store: DocumentStore;
  mail: { transport: MailTransport; from: string; company: string };
  /** The applicant site's origin: the upload link starts with it. */
  publicBaseUrl: string;
  /** Uploads (and link views) a minute from one address; 0: no limit. */
  uploadsPerMinute: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const documentParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  documentId: z.coerce.number().int().positive(),
});
const requestBody = z.strictObject({
  types: z.array(z.enum(DOCUMENT_TYPES as [DocumentType, ...DocumentType[]])).max(8),
  person: z.enum(['applicant', 'joint']).default('applicant'),
});
const decisionBody = z.strictObject({
  decision: z.enum(['accept', 'reject']),
  reason: z.string().max(5000).optional(),
});
const tokenBody = z.strictObject({ token: z.string().max(100) });
const uploadParams = z.strictObject({ documentId: z.coerce.number().int().positive() });

const staffDocumentsAnswer = {
  schema: z.looseObject({ documents: z.array(z.looseObject({ id: z.number() })) }),
  description: "The application's documents: asked for, received, decided.",
};
const linkAnswer = {
  ...jsonSchemaOf(
    z.looseObject({
      brand: z.string(),
      expiresAt: z.string(),
      documents: z.array(z.looseObject({ id: z.number(), name: z.string(), status: z.string() })),
    }),
  ),
  description: 'What the link asks for, and what has arrived.',
};
const linkRefused = {
  ...jsonSchemaOf(errorBodySchema.extend({ message: z.string() })),
  description: '`link_unknown`, `link_expired` or `link_used`, with the sentence to show.',
};

type LinkState =
  | { ok: true; link: { id: number; application_row_id: number; expires_at: string } }
  | { ok: false; status: 404 | 410; error: string; message: string };

/**
 * docs/documents.md: staff ask for documents from a case, the person gets an e-mail with an
 * upload link, uploads on the applicant site, and staff accept or reject each file.
 */
export function registerDocumentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): void {
  const { db, clock, store, guard, audit } = options;

  async function staffList(rowId: number) {
    const rows = await db
      .selectFrom('application_documents')
      .innerJoin('document_links', 'document_links.id', 'application_documents.link_id')
      .select([
        'application_documents.id',
        'application_documents.person_role',
        'application_documents.document_type',
        'application_documents.status',
        'application_documents.requested_at',
        'application_documents.requested_by',
        'application_documents.file_name',
        'application_documents.content_type',
        'application_documents.size_bytes',
        'application_documents.uploaded_at',
        'application_documents.decided_at',
        'application_documents.decided_by',
        'application_documents.reason',
        'document_links.expires_at',
      ])
      .where('application_documents.application_row_id', '=', rowId)
      .orderBy('application_documents.id', 'desc')
      .execute();
    return {
      documents: rows.map((row) => ({
        id: row.id,
        person: row.person_role,
        type: row.document_type,
        name: DOCUMENT_TYPE_NAMES[row.document_type],
        status: row.status,
        requestedAt: row.requested_at,
        requestedBy: row.requested_by,
        fileName: row.file_name,
        contentType: row.content_type,
        sizeBytes: row.size_bytes,
        uploadedAt: row.uploaded_at,
        decidedAt: row.decided_at,
        decidedBy: row.decided_by,
        reason: row.reason,
        linkExpiresAt: row.expires_at,
      })),
    };
  }

  app.get(
    '/api/staff/applications/:id/documents',
    {
      onRequest: guard(DOCUMENT_READERS),
      ...staffValidation,
      schema: {
        summary: "An application's documents.",
        params,
        response: staffResponses({ 200: staffDocumentsAnswer }),
      },
    },
    async (request, reply) => {
      const application = await loadCase(db, request, reply, ['id', 'brand', 'reference']);
      if (application === null) return reply;
      return staffList(application.id);
    },
  );

  app.post(
    '/api/staff/applications/:id/documents',
    {
      onRequest: guard(DOCUMENT_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Ask the applicant (or joint applicant) for documents: an upload link by e-mail.',
        params,
        body: requestBody,
        response: staffResponses({ 201: staffDocumentsAnswer }),
      },
    },
    async (request, reply) => {
      const application = await loadCase(db, request, reply, ['id', 'brand', 'reference']);
      if (application === null) return reply;
      const parsed = requestBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const types = [...new Set(parsed.data.types)];
      if (types.length === 0) {
        return reply.code(400).send({
          error: 'invalid',
          fields: [{ path: 'types', message: DOCUMENT_MESSAGES.chooseType }],
        });
      }
      const role = parsed.data.person;
      const person = await db
        .selectFrom('application_people')
        .select(['email_lower', 'name'])
        .where('application_row_id', '=', application.id)
        .where('role', '=', role)
        .executeTakeFirst();
      if (!person || !person.email_lower) {
        const message = person ? DOCUMENT_MESSAGES.noEmail : DOCUMENT_MESSAGES.noPerson;
        return reply.code(400).send({ error: 'invalid', fields: [{ path: 'person', message }] });
      }
      const reasons = await lastRejections(application.id, role);
      const now = clock.now();
      const expires = new Date(now.getTime() + DOCUMENT_LINK_DAYS * DAY_MS);
      const { token, hash: tokenHash } = newLinkToken();
      const brand =
        BRANDS[(application.brand ?? 'default') as keyof typeof BRANDS] ?? BRANDS.default;
      const url = `${options.publicBaseUrl}/documents#${token}`;
      const asked = types.map((type) => {
        const reason = reasons.get(type);
        return reason === undefined
          ? DOCUMENT_TYPE_NAMES[type]
          : `${DOCUMENT_TYPE_NAMES[type]} (again: ${reason})`;
      });
      const mail = renderBrandedMail({
        brand: { name: brand.name, colour: brand.colour },
        subject: `Documents we need for your application – ${brand.name}`,
        heading: 'Please send us some documents',
        paragraphs: [
          `To carry on with your application${application.reference ? ` (reference ${application.reference})` : ''}, we need:`,
          ...asked.map((line) => `• ${line}`),
          `Upload them with the link below: a PDF, or a photo as JPEG or PNG, 10 MB or smaller each. The link works for ${DOCUMENT_LINK_DAYS} days, until every document has arrived.`,
        ],
        action: { label: 'Upload your documents', url },
        footer: [
          `You got this e-mail because you applied for finance with ${brand.name}.`,
          `If you did not, do not use the link: contact ${options.mail.company} at ${options.mail.from}.`,
        ],
      });
      try {
        await options.mail.transport.send({
          from: options.mail.from,
          to: person.email_lower,
          ...mail,
        });
      } catch {
        // Nothing is stored: the link in no one's inbox would be a request no one can answer.
        return reply
          .code(502)
          .send({ error: 'mail_failed', message: DOCUMENT_MESSAGES.mailFailed });
      }
      const staff = request.staff!.member;
      const ids = await db.transaction().execute(async (trx) => {
        const link = await trx
          .insertInto('document_links')
          .values({
            application_row_id: application.id,
            person_role: role,
            token_hash: tokenHash,
            created_at: now.toISOString(),
            expires_at: expires.toISOString(),
            used_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const inserted = await trx
          .insertInto('application_documents')
          .values(
            types.map((type) => ({
              application_row_id: application.id,
              link_id: link.id,
              person_role: role,
              document_type: type,
              status: 'requested' as const,
              requested_at: now.toISOString(),
              requested_by: staff.email_lower,
            })),
          )
          .returning('id')
          .execute();
        return inserted.map((row) => row.id);
      });
      await audit(request, {
        action: 'documents-requested',
        target: String(application.id),
        detail: { documents: ids, types, person: role },
      });
      return reply.code(201).send(await staffList(application.id));
    },
  );

  /** The reason of the latest rejected document of each type, for the person. */
  async function lastRejections(rowId: number, role: 'applicant' | 'joint') {
    const rows = await db
      .selectFrom('application_documents')
      .select(['document_type', 'reason', 'status'])
      .where('application_row_id', '=', rowId)
      .where('person_role', '=', role)
      .orderBy('id', 'asc')
      .execute();
    const reasons = new Map<DocumentType, string>();
    for (const row of rows) {
      if (row.status === 'rejected' && row.reason) reasons.set(row.document_type, row.reason);
      else reasons.delete(row.document_type);
    }
    return reasons;
  }

  const staffDocument = (request: FastifyRequest, reply: FastifyReply) =>
    findOr404(request, reply, documentParams, ({ id, documentId }) =>
      db
        .selectFrom('application_documents')
        .selectAll()
        .where('id', '=', documentId)
        .where('application_row_id', '=', id)
        .executeTakeFirst(),
    );

  app.get(
    '/api/staff/applications/:id/documents/:documentId/file',
    {
      onRequest: guard(DOCUMENT_READERS),
      ...staffValidation,
      schema: {
        summary: 'Download an uploaded document (always as an attachment); audited.',
        params: documentParams,
        response: staffResponses({}, { 200: fileAnswer('application/octet-stream', 'The file.') }),
      },
    },
    async (request, reply) => {
      const row = await staffDocument(request, reply);
      if (row === null) return reply;
      const bytes = row.storage_key === null ? null : await store.get(row.storage_key);
      if (bytes === null || row.content_type === null || !(row.content_type in ACCEPTED_FILES)) {
        return reply.code(404).send({ error: 'not_found' });
      }
      await audit(request, {
        action: 'document-viewed',
        target: String(row.application_row_id),
        detail: { document: row.id },
      });
      const extension = ACCEPTED_FILES[row.content_type]!.extensions[0]!;
      return reply
        .header('content-type', row.content_type)
        .header(
          'content-disposition',
          `attachment; filename="${row.document_type}-${row.id}.${extension}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  app.post(
    '/api/staff/applications/:id/documents/:documentId/decision',
    {
      onRequest: guard(DOCUMENT_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Accept an uploaded document, or reject it with a reason.',
        params: documentParams,
        body: decisionBody,
        response: staffResponses({ 200: staffDocumentsAnswer }),
      },
    },
    async (request, reply) => {
      const row = await staffDocument(request, reply);
      if (row === null) return reply;
      const parsed = decisionBody.safeParse(request.body);
      if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
      const { decision } = parsed.data;
      const reason = parsed.data.reason?.trim() ?? '';
      if (decision === 'reject') {
        const message =
          reason === ''
            ? DOCUMENT_MESSAGES.reasonEmpty
            : reason.length > 500
              ? DOCUMENT_MESSAGES.reasonTooLong
              : null;
        if (message !== null) {
          return reply.code(400).send({ error: 'invalid', fields: [{ path: 'reason', message }] });
        }
      }
      const updated = await db
        .updateTable('application_documents')
        .set({
          status: decision === 'accept' ? 'accepted' : 'rejected',
          reason: decision === 'accept' ? null : reason,
          decided_at: clock.now().toISOString(),
          decided_by: request.staff!.member.email_lower,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'received')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        return reply
          .code(409)
          .send({ error: 'not_received', message: DOCUMENT_MESSAGES.notReceived });
      }
      // The reason is free text about the person: it stays with the document (erasure removes it).
      await audit(request, {
        action: decision === 'accept' ? 'document-accepted' : 'document-rejected',
        target: String(row.application_row_id),
        detail: { document: row.id },
      });
      return staffList(row.application_row_id);
    },
  );

  // The applicant's side: the link's token is the only key, sent in a body or a header, never
  // in a URL the server logs (the page's address carries it after '#').
  async function linkFor(token: unknown): Promise<LinkState> {
    const unknownLink = {
      ok: false,
      status: 404,
      error: 'link_unknown',
      message: DOCUMENT_MESSAGES.linkUnknown,
    } as const;
    if (!isLinkTokenShaped(token)) return unknownLink;
    const link = await db
      .selectFrom('document_links')
      .select(['id', 'application_row_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hashLinkToken(token))
      .executeTakeFirst();
    if (!link) return unknownLink;
    if (link.used_at !== null) {
      return { ok: false, status: 410, error: 'link_used', message: DOCUMENT_MESSAGES.linkUsed };
    }
    if (link.expires_at <= clock.now().toISOString()) {
      return {
        ok: false,
        status: 410,
        error: 'link_expired',
        message: DOCUMENT_MESSAGES.linkExpired,
      };
    }
    return { ok: true, link };
  }

  async function linkView(link: { id: number; application_row_id: number; expires_at: string }) {
    const [application, rows] = await Promise.all([
      db
        .selectFrom('applications')
        .select('brand')
        .where('id', '=', link.application_row_id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('application_documents')
        .select(['id', 'document_type', 'status', 'person_role'])
        .where('link_id', '=', link.id)
        .orderBy('id')
        .execute(),
    ]);
    const reasons =
      rows.length === 0
        ? new Map<string, string>()
        : await reasonsBefore(link.application_row_id, link.id);
    return {
      brand: application.brand ?? 'default',
      expiresAt: link.expires_at,
      documents: rows.map((row) => ({
        id: row.id,
        type: row.document_type,
        name: DOCUMENT_TYPE_NAMES[row.document_type],
        status: row.status === 'requested' ? 'needed' : 'received',
        // Why it is asked for again: staff's words, shown as text (React escapes them).
        previousReason: reasons.get(`${row.person_role}|${row.document_type}`) ?? null,
      })),
    };
  }

  /** The latest rejection's reason of each person and type from links older than this one. */
  async function reasonsBefore(rowId: number, linkId: number) {
    const rows = await db
      .selectFrom('application_documents')
      .select(['document_type', 'person_role', 'reason', 'status'])
      .where('application_row_id', '=', rowId)
      .where('link_id', '<', linkId)
      .orderBy('id', 'asc')
      .execute();
    const reasons = new Map<string, string>();
    for (const row of rows) {
      const key = `${row.person_role}|${row.document_type}`;
      if (row.status === 'rejected' && row.reason) reasons.set(key, row.reason);
      else reasons.delete(key);
    }
    return reasons;
  }

  // One count per address over the link's two routes, checked first in `onRequest`: before the
  // token is looked up and before an upload's body is read.
  const limiter =
    options.uploadsPerMinute > 0
      ? app.createRateLimit({
          max: options.uploadsPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (request) => `documents|${request.ip}`,
        })
      : null;
  async function rateLimited(request: FastifyRequest, reply: FastifyReply) {
    if (limiter === null) return false;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return false;
    await reply
      .code(429)
      .header('retry-after', String(result.ttlInSeconds))
      .send({ error: 'rate_limited' });
    return true;
  }

  app.post(
    '/api/documents/link',
    {
      onRequest: async (request, reply) => {
        if (await rateLimited(request, reply)) return reply;
      },
      ...zodValidation,
      attachValidation: true,
      schema: {
        summary: 'What an upload link asks for (the token from the link, in the body).',
        body: tokenBody,
        response: {
          200: linkAnswer,
          404: linkRefused,
          410: linkRefused,
          ...errorResponses(413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const state = await linkFor((request.body as { token?: unknown } | undefined)?.token);
      void reply.header('cache-control', 'no-store');
      if (!state.ok) {
        return reply.code(state.status).send({ error: state.error, message: state.message });
      }
      return linkView(state.link);
    },
  );

  // The upload takes the file's bytes as the body, whatever their type: the check is made on
  // the bytes, with a message, not by the parser. Scoped so no other route takes raw bodies.
  void app.register((scope, _options, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/api/documents/upload/:documentId',
      {
        bodyLimit: DOCUMENT_MAX_BYTES,
        ...zodValidation,
        attachValidation: true,
        schema: {
          summary:
            'Upload one document: the bytes as the body, the token in `x-document-token`, the file name in `x-file-name`.',
          params: uploadParams,
          body: z.any().describe("The file's bytes: a PDF, JPEG or PNG of 10 MB or less."),
          response: {
            201: linkAnswer,
            400: {
              ...jsonSchemaOf(errorBodySchema.extend({ message: z.string() })),
              description: 'The file is refused: `invalid_file`, with the sentence to show.',
            },
            404: linkRefused,
            409: linkRefused,
            410: linkRefused,
            ...errorResponses(413, 429),
          },
        },
        // The token and the document are checked before the body is read: a stranger's
        // upload is refused without taking its bytes.
        onRequest: async (request, reply) => {
          if (await rateLimited(request, reply)) return reply;
          const state = await linkFor(request.headers['x-document-token']);
          if (!state.ok) {
            return reply.code(state.status).send({ error: state.error, message: state.message });
          }
          const parsed = uploadParams.safeParse(request.params);
          const row = parsed.success
            ? await db
                .selectFrom('application_documents')
                .select(['id', 'status'])
                .where('id', '=', parsed.data.documentId)
                .where('link_id', '=', state.link.id)
                .executeTakeFirst()
            : undefined;
          if (!row) {
            return reply
              .code(404)
              .send({ error: 'link_unknown', message: DOCUMENT_MESSAGES.linkUnknown });
          }
          if (row.status !== 'requested') {
            return reply
              .code(409)
              .send({ error: 'already_received', message: DOCUMENT_MESSAGES.alreadyReceived });
          }
          (request as FastifyRequest & { documentLink?: typeof state.link }).documentLink =
            state.link;
        },
      },
      async (request, reply) => {
        const link = (request as FastifyRequest & { documentLink?: LinkState & { ok: true } })
          .documentLink as unknown as {
          id: number;
          application_row_id: number;
          expires_at: string;
        };
        const documentId = uploadParams.parse(request.params).documentId;
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const refuse = (message: string) =>
          reply.code(400).send({ error: 'invalid_file', message });
        if (bytes.length === 0) return refuse(DOCUMENT_MESSAGES.empty);
        const header = request.headers['x-file-name'];
        const fileName = displayFileName(typeof header === 'string' ? header : undefined);
        const declared = (request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        const claimed = ACCEPTED_FILES[declared];
        if (claimed === undefined || !claimed.extensions.includes(extensionOf(fileName))) {
          return refuse(DOCUMENT_MESSAGES.wrongType);
        }
        // What the bytes are, by their signature (magic bytes), must be what the name and the
        // type claim: a renamed executable or web page is refused.
        const detected = await fileTypeFromBuffer(bytes);
        if (detected === undefined || detected.mime !== declared) {
          return refuse(DOCUMENT_MESSAGES.notWhatItClaims);
        }
        const key = newStorageKey();
        await store.put(key, bytes);
        const now = clock.now().toISOString();
        const stored = await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('application_documents')
            .set({
              status: 'received',
              storage_key: key,
              file_name: fileName,
              content_type: detected.mime,
              size_bytes: bytes.length,
              sha256: createHash('sha256').update(bytes).digest('hex'),
              uploaded_at: now,
            })
            .where('id', '=', documentId)
            .where('link_id', '=', link.id)
            .where('status', '=', 'requested')
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) return false;
          const left = await trx
            .selectFrom('application_documents')
            .select('id')
            .where('link_id', '=', link.id)
            .where('status', '=', 'requested')
            .executeTakeFirst();
          // Every document it asked for has come: the link is used up.
          if (left === undefined) {
            await trx
              .updateTable('document_links')
              .set({ used_at: now })
              .where('id', '=', link.id)
              .execute();
          }
          return true;
        });
        if (!stored) {
          await store.delete(key);
          return reply
            .code(409)
            .send({ error: 'already_received', message: DOCUMENT_MESSAGES.alreadyReceived });
        }
        void reply.header('cache-control', 'no-store');
        return reply.code(201).send(await linkView(link));
      },
    );
    registered();
  });
}
