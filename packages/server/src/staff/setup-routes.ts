import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { busy, invalid, STAFF_MESSAGES } from './context.js';
import type { StaffContext } from './context.js';
import { HashPoolBusyError } from './hash-pool.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { staffResponses, staffValidation } from './schemas.js';
import { signInRefused } from './sign-in-events.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';

const setupToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const setupStartBody = z.strictObject({ token: setupToken });
const setupCompleteBody = z.strictObject({
  token: setupToken,
  password: z.string().max(1000),
  code: z.string().max(20),
});

/**
 * The one-time set-up link the staff command prints (decision 0027): opening it shows the
 * member's TOTP secret; finishing sets a password the strength rule accepts and proves the
 * authenticator with a code. Limited like sign-in (decision 0056).
 */
export function registerSetupRoutes(app: FastifyInstance, context: StaffContext): void {
  const { clock, members, audit } = context;
  const limited = context.beforeSignIn;
  const invalidLink = {
    error: 'invalid_setup_link',
    message: STAFF_MESSAGES.invalidSetupLink,
  } as const;

  app.post(
    '/api/staff/setup/start',
    {
      onRequest: limited,
      ...staffValidation,
      schema: {
        summary: "Open a set-up link: the member and their authenticator app's secret.",
        body: setupStartBody,
        response: staffResponses({
          200: {
            schema: z.looseObject({
              email: z.string(),
              name: z.string(),
              totpSecret: z.string(),
              otpauthUri: z.string(),
            }),
            description: 'The member to set up.',
          },
        }),
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const member = request.validationError
        ? undefined
        : await members.bySetupToken((request.body as z.output<typeof setupStartBody>).token, now);
      if (!member) return reply.code(404).send(invalidLink);
      let secret = member.totp_secret;
      if (secret === null) {
        secret = newTotpSecret();
        await members.setTotpSecret(member.id, secret, now);
      }
      return {
        email: member.email_lower,
        name: member.display_name,
        totpSecret: secret,
        otpauthUri: otpauthUri(secret, member.email_lower),
      };
    },
  );

  app.post(
    '/api/staff/setup/complete',
    {
      onRequest: limited,
      ...staffValidation,
      schema: {
        summary: 'Finish setting up: the password and a first code.',
        body: setupCompleteBody,
        response: staffResponses({
          200: { schema: z.object({ done: z.literal(true) }), description: 'Set up.' },
        }),
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const body = request.validationError
        ? null
        : (request.body as z.output<typeof setupCompleteBody>);
      const member = body === null ? undefined : await members.bySetupToken(body.token, now);
      if (body === null || !member || member.totp_secret === null) {
        return reply.code(404).send(invalidLink);
      }
      const problems: { path: string; message: string }[] = [];
      const passwordMessage = await passwordProblem(body.password, {
        email: member.email_lower,
        name: member.display_name,
      });
      if (passwordMessage !== null) problems.push({ path: 'password', message: passwordMessage });
      const step = await verifyTotp(member.totp_secret, body.code, now, null);
      if (step === null) problems.push({ path: 'code', message: STAFF_MESSAGES.invalidCode });
      if (problems.length > 0 || step === null) {
        signInRefused({ step: 'setup', reason: 'invalid' });
        return invalid(reply, problems);
      }

      let hash: string;
      try {
        hash = await hashPassword(body.password, context.hashPool);
      } catch (error) {
        if (error instanceof HashPoolBusyError) return busy(reply, 'setup');
        throw error;
      }
      await members.completeSetup(member.id, hash, step, now);
      await audit(request, {
        action: 'staff-setup-completed',
        actorId: member.id,
        actorEmail: member.email_lower,
      });
      return { done: true };
    },
  );
}
