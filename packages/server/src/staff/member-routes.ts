import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StaffRole } from '../db/schema.js';
import { memberAccountKey } from './attempts.js';
import { invalid, STAFF_MESSAGES } from './context.js';
import type { StaffContext } from './context.js';
import { STAFF_ROLES } from './repository.js';
import {
  noBody,
  noContent,
  staffMemberSchema,
  staffResponses,
  staffValidation,
} from './schemas.js';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const newMemberBody = z.strictObject({
  email,
  name: z.string().trim().min(1).max(100),
  role: z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]]),
});
const memberParams = z.strictObject({ id: z.uuid() });
const setupPathAnswer = z.looseObject({ setupPath: z.string() });

/** The set-up link's path; the token is in the fragment, which browsers never send or log. */
export function setupPath(token: string): string {
  return `/back-office/setup#${token}`;
}

/** Staff management (admins): list, add, new set-up link, disable, unlock. Every one audited. */
export function registerMemberRoutes(app: FastifyInstance, context: StaffContext): void {
  const { clock, members, attempts, audit, guard } = context;
  const admins = guard(['admin']);

  /**
   * The member named by the path, or null when the id is malformed or unknown. Fastify checks
   * the params first; an empty POST body's own check is not this route's concern.
   */
  const memberOf = async (request: {
    validationError?: Error & { validationContext?: string };
    params: unknown;
  }) =>
    request.validationError?.validationContext === 'params'
      ? null
      : ((await members.byId((request.params as z.output<typeof memberParams>).id)) ?? null);

  app.get(
    '/api/staff/members',
    {
      onRequest: admins,
      schema: {
        summary: 'The staff accounts, and until when each locked one is locked.',
        response: staffResponses({
          200: {
            schema: z.looseObject({ members: z.array(staffMemberSchema) }),
            description: 'Every member.',
          },
        }),
      },
    },
    async (request) => {
      await audit(request, { action: 'staff-listed' });
      const locked = await attempts.lockedAccounts(clock.now());
      return {
        members: (await members.list()).map((member) => ({
          ...member,
          lockedUntil: locked.get(member.id)?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/api/staff/members',
    {
      onRequest: admins,
      ...staffValidation,
      schema: {
        summary: 'Add a member: their set-up link is in the answer.',
        body: newMemberBody,
        response: staffResponses({
          201: {
            schema: z.looseObject({ member: staffMemberSchema, setupPath: z.string() }),
            description: 'Added.',
          },
        }),
      },
    },
    async (request, reply) => {
      const { validationError } = request;
      if (validationError) {
        const issues = (validationError as { fields?: { path: string }[] }).fields ?? [];
        return invalid(
          reply,
          issues.map((issue) => ({ path: issue.path, message: 'Enter a valid value' })),
        );
      }
      const body = request.body as z.output<typeof newMemberBody>;
      if (await members.byEmail(body.email)) {
        return invalid(reply, [{ path: 'email', message: STAFF_MESSAGES.emailTaken }]);
      }
      const { member, setupToken } = await members.add(body, clock.now());
      await audit(request, {
        action: 'staff-added',
        target: member.id,
        detail: { role: member.role },
      });
      return reply.code(201).send({ member, setupPath: setupPath(setupToken) });
    },
  );

  app.post(
    '/api/staff/members/:id/setup-link',
    {
      onRequest: admins,
      ...staffValidation,
      schema: {
        summary: 'A new set-up link for a member (their password and app are reset).',
        params: memberParams,
        body: noBody,
        response: staffResponses({ 200: { schema: setupPathAnswer, description: 'The link.' } }),
      },
    },
    async (request, reply) => {
      const member = await memberOf(request);
      if (!member) return reply.code(404).send({ error: 'not_found' });
      const token = await members.resetSetup(member.id, clock.now());
      await audit(request, { action: 'staff-setup-link', target: member.id });
      return { setupPath: setupPath(token) };
    },
  );

  app.post(
    '/api/staff/members/:id/disable',
    {
      onRequest: admins,
      ...staffValidation,
      schema: {
        summary: 'Disable a member.',
        params: memberParams,
        body: noBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      const member = await memberOf(request);
      if (!member) return reply.code(404).send({ error: 'not_found' });
      // Someone must be left to manage staff: an admin cannot lock themselves out.
      if (member.id === request.staff!.member.id) {
        return reply.code(409).send({ error: 'cannot_disable_self' });
      }
      await members.disable(member.id, clock.now());
      await audit(request, { action: 'staff-disabled', target: member.id });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/staff/members/:id/unlock',
    {
      onRequest: admins,
      ...staffValidation,
      schema: {
        summary: "Unlock a member's account: its failed sign-ins stop counting (decision 0055).",
        params: memberParams,
        body: noBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      const member = await memberOf(request);
      if (!member) return reply.code(404).send({ error: 'not_found' });
      const forgiven = await attempts.forgiveAccount(memberAccountKey(member.id));
      await audit(request, { action: 'staff-unlocked', target: member.id, detail: { forgiven } });
      return reply.code(204).send();
    },
  );
}
