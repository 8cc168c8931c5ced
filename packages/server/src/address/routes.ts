import { addressDetailResponseSchema, addressListResponseSchema } from '@broker/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADDRESS_ID_PATTERN,
  AddressProviderError,
  postcodeOrNull,
  type AddressProvider,
} from './types.js';
import {
  errorBodySchema,
  errorResponses,
  jsonSchemaOf,
  validationProblems,
  zodValidation,
} from '../http/openapi.js';
import { perMinuteRateLimit } from '../http/rate-limit-config.js';

export interface AddressRoutesOptions {
  provider: AddressProvider;
  logger: FastifyBaseLogger;
  /** Requests per minute per client address on each lookup route; 0 turns the limit off. */
  rateLimitPerMinute: number;
}

export type AddressOperation = 'addressLookupByPostCode' | 'getAddressById';

const postcodeParamsSchema = z.object({
  postcode: z.string().describe('A UK postcode, with or without its space (`SW1A 2AA`).'),
});

const addressIdParamsSchema = z.object({
  addressId: z
    .string()
    .regex(ADDRESS_ID_PATTERN)
    .describe('An address id from a postcode lookup (`udprn`).'),
});

/** A 400 answer other than the route's own code (a malformed path) also has this form. */
const badRequest = (error: string) => ({
  ...jsonSchemaOf(errorBodySchema),
  description: `\`{ "error": "${error}" }\`: not a valid ${error === 'invalid_postcode' ? 'postcode' : 'address id'}.`,
});

/**
 * docs/product.md §7: `GET /api/address/{postcode}` and `GET /api/address/id/{addressId}`. A provider
 * failure answers 200 with no items (the browser shows an empty list or nothing, docs/product.md §8) and is
 * logged as a FAILURE without the postcode or id.
 */
export function registerAddressRoutes(app: FastifyInstance, options: AddressRoutesOptions): void {
  const { provider, logger } = options;
  const config = perMinuteRateLimit(options.rateLimitPerMinute);

  function logFailure(operation: AddressOperation, error: unknown): void {
    const details =
      error instanceof AddressProviderError
        ? { failure: error.failure, status: error.status, reason: error.message }
        : { failure: 'unexpected', errorName: error instanceof Error ? error.name : typeof error };
    logger.error(
      { severity: 'FAILURE', operation, provider: provider.name, ...details },
      'address lookup failed',
    );
  }

  // The domain's zod schemas as the routes' response schemas: they serialise only known fields.
  app.get<{ Params: { postcode: string } }>(
    '/api/address/:postcode',
    {
      config,
      ...zodValidation,
      schema: {
        summary: 'The addresses at a postcode; none when the provider fails.',
        params: postcodeParamsSchema,
        response: {
          200: { ...jsonSchemaOf(addressListResponseSchema), description: 'The addresses.' },
          400: badRequest('invalid_postcode'),
          ...errorResponses(414, 429),
        },
      },
    },
    async (request, reply) => {
      const postcode = postcodeOrNull(request.params.postcode);
      if (postcode === null) return reply.code(400).send({ error: 'invalid_postcode' });
      void reply.header('cache-control', 'no-store');
      try {
        return { Items: await provider.lookupByPostcode(postcode) };
      } catch (error) {
        logFailure('addressLookupByPostCode', error);
        return { Items: [] };
      }
    },
  );

  app.get<{ Params: { addressId: string } }>(
    '/api/address/id/:addressId',
    {
      config,
      ...zodValidation,
      attachValidation: true,
      schema: {
        summary: 'One address in full; none when unknown or when the provider fails.',
        params: addressIdParamsSchema,
        response: {
          200: { ...jsonSchemaOf(addressDetailResponseSchema), description: 'The address.' },
          400: badRequest('invalid_address_id'),
          ...errorResponses(414, 429),
        },
      },
    },
    async (request, reply) => {
      const { addressId } = request.params;
      if (validationProblems(request.validationError).length > 0) {
        return reply.code(400).send({ error: 'invalid_address_id' });
      }
      void reply.header('cache-control', 'no-store');
      try {
        const address = await provider.getAddressById(addressId);
        return { Items: address ? [address] : [] };
      } catch (error) {
        logFailure('getAddressById', error);
        return { Items: [] };
      }
    },
  );
}
