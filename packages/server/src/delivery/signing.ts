import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/delivery.md): the
 * signature is `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`,
 * keyed by the secret's decoded bytes.
 */
export function signature(secret: Buffer, id: string, timestampS: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${id}.${timestampS}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt: the timestamp (whole seconds) is the attempt's own. */
export function signedHeaders(
  secret: Buffer,
  id: string,
  now: Date,
  body: string,
): Record<string, string> {
  const timestampS = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signature(secret, id, timestampS, body),
  };
}

/** A new event id in the usual `msg_` form. */
export function newEventId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/** A new secret in the form DELIVERY_WEBHOOK_SECRET takes. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
