import {
  mergeProblems,
  partialSubmissionPayloadSchema,
  submissionKeySchema,
  SUBMISSION_KEY_MESSAGE,
  submissionPayloadSchema,
  submissionResponseSchema,
} from '@broker/domain';
import type { PartialSubmissionPayload, SubmissionPayload } from '@broker/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock, Decide } from './decide.js';
import { applicationFacts, londonDate } from './decide.js';
import type { FieldProblem } from '../http/openapi.js';
import {
  errorResponses,
  fieldErrorsBodySchema,
  jsonSchemaOf,
  validationProblems,
  zodValidation,
} from '../http/openapi.js';
import type { ApplicationsRepository } from './repository.js';
import { perApplicationRateLimit } from '../http/rate-limit-config.js';

/** docs/design.md §3: a submission body over 64 KiB answers 413. */
export const SUBMISSION_BODY_LIMIT = 64 * 1024;

export type SubmissionOperation = 'submission' | 'partial';

export interface SubmissionFailure {
  operation: SubmissionOperation;
  /**
   * The failed request's id: its request log line carries the rest. Not the submission key, so
   * that an alert names no application (docs/decisions/0050-people-and-relations.md).
   */
  requestId: string;
  error: unknown;
}

export interface SubmissionRoutesOptions {
  applications: ApplicationsRepository;
  decide: Decide;
  clock: Clock;
  /**
   * Requests per minute per application key from one address on each route, and ten times that
   * per address (decision record 0016); 0 turns the limit off.
   */
  rateLimitPerMinute: number;
  /** Called when storing or deciding fails (not for invalid input); must not throw. */
  onFailure?: (failure: SubmissionFailure) => Promise<void>;
}

function invalid(reply: FastifyReply, fields: FieldProblem[]) {
  return reply.code(400).send({ error: 'invalid_payload', fields });
}

const savedSchema = z.object({ ok: z.literal(true) });

const keyParamsSchema = z.object({
  submissionKey: submissionKeySchema.describe('The application key the browser made (a v4 UUID).'),
});

/** What the two routes document (http/openapi.ts); the bodies are validated by the same schemas. */
const errorAnswers = {
  400: { ...jsonSchemaOf(fieldErrorsBodySchema), description: 'Invalid or malformed input.' },
  ...errorResponses(413, 415, 429, 500, 503),
};

/**
 * The path key must be a v4 UUID and, when the body names one, the same: a client that posts
 * one application under another's key would otherwise overwrite or replay it, and a key the
 * client chose freely (one character, underscores) is a guessable handle on an application
 * (docs/decisions/0050-people-and-relations.md).
 */
function keyProblems(pathKey: string, body: unknown): FieldProblem[] {
  if (!submissionKeySchema.safeParse(pathKey).success) {
    return [{ path: 'submissionKey', message: SUBMISSION_KEY_MESSAGE }];
  }
  const bodyKey = (body as { submissionKey?: unknown } | null | undefined)?.submissionKey;
  if (typeof bodyKey === 'string' && bodyKey !== pathKey) {
    return [{ path: 'submissionKey', message: 'Must equal the submission key in the address' }];
  }
  return [];
}

/**
 * docs/product.md §7 and docs/design.md §3: `POST /api/submission/{submissionKey}` stores, decides and answers a
 * complete application (idempotent by key); `POST /api/submission/partial/{submissionKey}`
 * saves an unfinished one as a lead.
 */
export async function registerSubmissionRoutes(
  app: FastifyInstance,
  options: SubmissionRoutesOptions,
): Promise<void> {
  const { applications, decide, clock } = options;
  const submitLimit = perApplicationRateLimit(app, options.rateLimitPerMinute);
  const partialLimit = perApplicationRateLimit(app, options.rateLimitPerMinute);

  function bodyProblems(body: unknown, error: Error | undefined, complete: boolean) {
    const today = londonDate(clock.now());
    return mergeProblems(body, validationProblems(error), { complete, today });
  }

  async function reportFailure(failure: SubmissionFailure): Promise<void> {
    try {
      await options.onFailure?.(failure);
    } catch (error) {
      app.log.error({ err: error, operation: failure.operation }, 'could not record the failure');
    }
  }

  // A plugin for its own content-type parsers: these routes take JSON only (else 415), while
  // other routes keep Fastify's text/plain parser (navigator.sendBeacon sends text/plain).
  await app.register((scope, _options, done) => {
    scope.removeContentTypeParser('text/plain');

    scope.post<{ Params: { submissionKey: string }; Body: SubmissionPayload }>(
      '/api/submission/:submissionKey',
      {
        bodyLimit: SUBMISSION_BODY_LIMIT,
        ...submitLimit,
        ...zodValidation,
        // The key is checked first and alone (keyProblems); then the body's problems.
        attachValidation: true,
        schema: {
          summary: 'Submit a complete application; the same key again replays the first answer.',
          params: keyParamsSchema,
          body: submissionPayloadSchema,
          response: {
            200: { ...jsonSchemaOf(submissionResponseSchema), description: 'The decision.' },
            ...errorAnswers,
          },
        },
      },
      async (request, reply) => {
        const { submissionKey } = request.params;
        const keyErrors = keyProblems(submissionKey, request.body);
        if (keyErrors.length > 0) return invalid(reply, keyErrors);
        // The body's structure, then the journey's step rules over its answers with the
        // screens' messages, the age rules on the UK date (decision 0039).
        const bodyErrors = bodyProblems(request.body, request.validationError, true);
        if (bodyErrors.length > 0) return invalid(reply, bodyErrors);

        const payload = request.body;
        const facts = applicationFacts(payload, { ip: request.ip, host: request.hostname });
        try {
          const result = await applications.submit(
            { submissionKey, facts, now: clock.now() },
            decide(payload, facts),
          );
          app.metrics.submitted(result);
          return await reply
            .code(200)
            .header('cache-control', 'no-store')
            .type('application/json; charset=utf-8')
            .send(result.responseJson);
        } catch (error) {
          await reportFailure({ operation: 'submission', requestId: request.id, error });
          throw error;
        }
      },
    );

    scope.post<{ Params: { submissionKey: string }; Body: PartialSubmissionPayload }>(
      '/api/submission/partial/:submissionKey',
      {
        bodyLimit: SUBMISSION_BODY_LIMIT,
        ...partialLimit,
        ...zodValidation,
        attachValidation: true,
        schema: {
          summary: 'Save an unfinished application as a lead; a complete one is never changed.',
          params: keyParamsSchema,
          body: partialSubmissionPayloadSchema,
          response: {
            200: { ...jsonSchemaOf(savedSchema), description: 'Already complete: unchanged.' },
            202: { ...jsonSchemaOf(savedSchema), description: 'Saved as a lead.' },
            ...errorAnswers,
          },
        },
      },
      async (request, reply) => {
        const { submissionKey } = request.params;
        const keyErrors = keyProblems(submissionKey, request.body);
        if (keyErrors.length > 0) return invalid(reply, keyErrors);
        const bodyErrors = bodyProblems(request.body, request.validationError, false);
        if (bodyErrors.length > 0) return invalid(reply, bodyErrors);

        const facts = applicationFacts(request.body, { ip: request.ip, host: request.hostname });
        try {
          const stored = await applications.savePartial({ submissionKey, facts, now: clock.now() });
          // 202: kept as a lead; 200: the application is already complete and stays as it is.
          return await reply
            .code(stored === 'stored' ? 202 : 200)
            .header('cache-control', 'no-store')
            .send({ ok: true });
        } catch (error) {
          await reportFailure({ operation: 'partial', requestId: request.id, error });
          throw error;
        }
      },
    );
    done();
  });
}
