import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BRAND_LIST, BRANDS, readPayload } from '@broker/domain';
import type { Db } from '../db/schema.js';
import type { MailTransport } from '../portal/mail.js';
import type { StaffContext } from './context.js';
import { checkSlot, MESSAGE_TEMPLATES, renderTemplate, TEMPLATE_IDS } from './message-templates.js';
import type { MessageTemplate, TemplateId } from './message-templates.js';
import type { RenderedMail } from '../mail/branded.js';
import { staffResponses, staffValidation } from './schemas.js';
import { APPLICATION_WORKERS } from './work.js';
import { STAFF_ROLES } from './repository.js';
import { addToTimeline, findOr404 } from './context.js';

/**
 * Templated messages to the applicant from the case (docs/mail.md, "Staff's templated messages";
 * docs/decisions/0092-templated-messages.md). Everyone who reads the case sees what was sent;
 * agents and admins preview and send. A send is kept (`application_messages`), put on the case's
 * timeline with who sent it, and audited without its words.
 */

export const MESSAGE_ERRORS = {
  noConsent:
    'This is a marketing message, and the applicant did not agree to marketing by e-mail when they applied. It cannot be sent to them',
  noEmail: 'The applicant gave no e-mail address, so no message can be sent',
  notSent:
    'The e-mail could not be sent: the mail server did not take it. It is recorded as not sent. Try again in a few minutes',
  chooseTemplate: 'Choose a message to send',
} as const;

/** How long a send may wait for the mail server before it is recorded as not sent. */
export const SEND_TIMEOUT_MS = 15_000;

const params = z.strictObject({ id: z.coerce.number().int().positive() });
const sendBody = z.strictObject({
  template: z.string().max(100),
  // Bounded here for the parser; the template's own bound gives the message (checkSlot).
  slot: z.string().max(5_000).default(''),
});

const templatesAnswer = {
  schema: z.looseObject({
    templates: z.array(z.looseObject({})),
    messages: z.array(z.looseObject({})),
  }),
  description: 'The templates, whether each may be sent to this applicant, and the messages sent.',
};
const previewAnswer = {
  schema: z.looseObject({
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    to: z.string(),
  }),
  description: 'The message as it would be sent.',
};
const sentAnswer = {
  schema: z.looseObject({ message: z.looseObject({}), messages: z.array(z.looseObject({})) }),
  description: 'The message sent, and all the messages sent from this case.',
};

interface Recipient {
  rowId: number;
  reference: string | null;
  email: string | null;
  name: string | null;
  brand: { name: string; colour: string };
  optedInToEmail: boolean;
}

async function recipientOf(db: Db, rowId: number): Promise<Recipient | null> {
  const row = await db
    .selectFrom('applications')
    .leftJoin('application_people', (join) =>
      join
        .onRef('application_people.application_row_id', '=', 'applications.id')
        .on('application_people.role', '=', 'applicant'),
    )
    .select([
      'applications.id',
      'applications.reference',
      'applications.brand',
      'applications.payload_json',
      'application_people.email_lower',
      'application_people.name',
    ])
    .where('applications.id', '=', rowId)
    .executeTakeFirst();
  if (!row) return null;
  const brand = BRAND_LIST.find((each) => each.affiliateKey === row.brand) ?? BRANDS.default;
  let optedInToEmail = false;
  try {
    // The opt-in as the journey table reads it from the payload (the opt-ins step).
    optedInToEmail = readPayload(JSON.parse(row.payload_json)).state.form.isOptedEmail === true;
  } catch {
    optedInToEmail = false;
  }
  return {
    rowId: row.id,
    reference: row.reference,
    email: row.email_lower,
    name: row.name,
    brand: { name: brand.name, colour: brand.colour },
    optedInToEmail,
  };
}

function refusalFor(template: MessageTemplate, recipient: Recipient): string | null {
  if (recipient.email === null) return MESSAGE_ERRORS.noEmail;
  if (template.marketing && !recipient.optedInToEmail) return MESSAGE_ERRORS.noConsent;
  return null;
}

export async function messagesOf(db: Db, rowId: number) {
  const rows = await db
    .selectFrom('application_messages')
    .select([
      'id',
      'template',
      'subject',
      'recipient',
      'sent_by_email',
      'created_at',
      'status',
      'sent_at',
    ])
    .where('application_row_id', '=', rowId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    template: row.template,
    name: MESSAGE_TEMPLATES[row.template as TemplateId]?.name ?? row.template,
    subject: row.subject,
    to: row.recipient,
    by: row.sent_by_email,
    at: row.created_at,
    status: row.status,
    sentAt: row.sent_at,
  }));
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => reject(new Error('mail server did not answer in time')), ms).unref();
  });
}

export function registerMessageRoutes(
  app: FastifyInstance,
  options: Pick<StaffContext, 'db' | 'clock' | 'guard' | 'audit'> & {
    mail: { transport: MailTransport; from: string };
  },
): void {
  const { db, clock, guard, audit, mail } = options;

  const recipient = (request: FastifyRequest, reply: FastifyReply) =>
    findOr404(request, reply, params, ({ id }) => recipientOf(db, id));

  type Composed =
    | { ok: true; template: MessageTemplate; rendered: RenderedMail }
    | { ok: false; status: number; body: object; refused?: TemplateId };

  /** The template and slot of a preview or send, or the 4xx to answer. */
  function composed(request: FastifyRequest, to: Recipient): Composed {
    const parsed = sendBody.safeParse(request.body);
    const template =
      parsed.success && (TEMPLATE_IDS as readonly string[]).includes(parsed.data.template)
        ? MESSAGE_TEMPLATES[parsed.data.template as TemplateId]
        : undefined;
    if (!parsed.success || !template) {
      return {
        ok: false,
        status: 400,
        body: {
          error: 'invalid',
          fields: [{ path: 'template', message: MESSAGE_ERRORS.chooseTemplate }],
        },
      };
    }
    const refusal = refusalFor(template, to);
    if (refusal !== null) {
      return {
        ok: false,
        status: 422,
        body: { error: to.email === null ? 'no_email' : 'no_consent', message: refusal },
        refused: template.id,
      };
    }
    const slot = checkSlot(template, parsed.data.slot);
    if (!slot.ok) {
      return {
        ok: false,
        status: 400,
        body: { error: 'invalid', fields: [{ path: 'slot', message: slot.message }] },
      };
    }
    const rendered = renderTemplate(template, {
      brand: to.brand,
      name: to.name,
      reference: to.reference,
      slot: slot.slot,
    });
    return { ok: true, template, rendered };
  }

  app.get(
    '/api/staff/applications/:id/messages',
    {
      onRequest: guard(STAFF_ROLES),
      ...staffValidation,
      schema: {
        summary: 'The message templates for this applicant, and the messages sent.',
        params,
        response: staffResponses({ 200: templatesAnswer }),
      },
    },
    async (request, reply) => {
      const to = await recipient(request, reply);
      if (!to) return reply;
      return {
        templates: TEMPLATE_IDS.map((id) => {
          const template = MESSAGE_TEMPLATES[id];
          return {
            id,
            name: template.name,
            marketing: template.marketing,
            slot: {
              label: template.slot.label,
              hint: template.slot.hint,
              required: template.slot.required,
              max: template.slot.max,
            },
            refusal: refusalFor(template, to),
          };
        }),
        messages: await messagesOf(db, to.rowId),
      };
    },
  );

  app.post(
    '/api/staff/applications/:id/messages/preview',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'A templated message as it would be sent, without sending it.',
        params,
        body: sendBody,
        response: staffResponses({ 200: previewAnswer }),
      },
    },
    async (request, reply) => {
      const to = await recipient(request, reply);
      if (!to) return reply;
      const message = composed(request, to);
      if (!message.ok) return reply.code(message.status).send(message.body);
      return { ...message.rendered, to: to.email };
    },
  );

  app.post(
    '/api/staff/applications/:id/messages',
    {
      onRequest: guard(APPLICATION_WORKERS),
      ...staffValidation,
      schema: {
        summary: 'Send a templated message to the applicant.',
        params,
        body: sendBody,
        response: staffResponses({ 201: sentAnswer }),
      },
    },
    async (request, reply) => {
      const to = await recipient(request, reply);
      if (!to) return reply;
      const message = composed(request, to);
      if (!message.ok) {
        if (message.refused) {
          await audit(request, {
            action: 'message-refused',
            target: String(to.rowId),
            detail: { template: message.refused, reason: message.status },
          });
        }
        return reply.code(message.status).send(message.body);
      }
      const { template, rendered } = message;
      const staff = request.staff!.member;
      const inserted = await db
        .insertInto('application_messages')
        .values({
          application_row_id: to.rowId,
          person_role: 'applicant',
          template: template.id,
          recipient: to.email!,
          subject: rendered.subject,
          body_text: rendered.text,
          sent_by_id: staff.id,
          sent_by_email: staff.email_lower,
          created_at: clock.now().toISOString(),
          status: 'sending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let sent = true;
      try {
        await Promise.race([
          mail.transport.send({ from: mail.from, to: to.email!, ...rendered }),
          timeout(SEND_TIMEOUT_MS),
        ]);
      } catch {
        // The reason is not logged: it may quote the address.
        sent = false;
      }
      const now = clock.now().toISOString();
      await db
        .updateTable('application_messages')
        .set(sent ? { status: 'sent', sent_at: now } : { status: 'failed' })
        .where('id', '=', inserted.id)
        .execute();
      if (sent) {
        await addToTimeline(db, staff, {
          rowId: to.rowId,
          at: now,
          kind: 'message',
          text: template.name,
        });
      }
      // The words stay with the application (erasure removes them); the log says what was sent.
      await audit(request, {
        action: sent ? 'message-sent' : 'message-not-sent',
        target: String(to.rowId),
        detail: { template: template.id, message: inserted.id },
      });
      if (!sent)
        return reply.code(502).send({ error: 'not_sent', message: MESSAGE_ERRORS.notSent });
      const messages = await messagesOf(db, to.rowId);
      return reply
        .code(201)
        .send({ message: messages.find((each) => each.id === inserted.id), messages });
    },
  );
}
