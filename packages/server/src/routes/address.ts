import { addressDetailResponseSchema, addressListResponseSchema } from '@broker/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADDRESS_ID_PATTERN,
  AddressProviderError,
  postcodeOrNull,
  type AddressProvider,
} from '../address/types.js';
import { perMinuteRateLimit } from './rate-limit-config.js';

export interface AddressRoutesOptions {
  provider: AddressProvider;
  logger: FastifyBaseLogger;
  /** Requests per minute per client address on each lookup route; 0 turns the limit off. */
  rateLimitPerMinute: number;
}

export type AddressOperation = 'addressLookupByPostCode' | 'getAddressById';

/** The domain's zod schema as the route's response schema: it serialises only known fields. */
function responseSchema(schema: z.ZodType) {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema);
  return jsonSchema;
}

/**
 * SPEC §7: `GET /api/address/{postcode}` and `GET /api/address/id/{addressId}`. A provider
 * failure answers 200 with no items (the browser shows an empty list or nothing, SPEC §8) and is
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

  app.get<{ Params: { postcode: string } }>(
    '/api/address/:postcode',
    { config, schema: { response: { 200: responseSchema(addressListResponseSchema) } } },
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
    { config, schema: { response: { 200: responseSchema(addressDetailResponseSchema) } } },
    async (request, reply) => {
      const { addressId } = request.params;
      if (!ADDRESS_ID_PATTERN.test(addressId)) {
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
