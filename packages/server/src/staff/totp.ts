import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP per RFC 6238 with the parameters every authenticator app supports: SHA-1, 6 digits,
 * 30-second steps, a 160-bit secret. A code from the step before or after is accepted (clock
 * drift of a phone), and a code is never accepted twice: the time step of the last accepted
 * code is stored and anything at or before it is refused.
 */
export const TOTP_ISSUER = 'Broker back office';
const PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: PERIOD_SECONDS });
}

/** The accepted code's time step, or null for a wrong, malformed or replayed code. */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
