import { generate } from 'otplib';
import type { StaffRole } from '../db/schema.js';
import { hashPassword } from '../staff/passwords.js';
import { createStaffRepository } from '../staff/repository.js';
import type { StaffMember } from '../staff/repository.js';
import { newTotpSecret } from '../staff/totp.js';
import type { TestApp } from './databases.js';

export interface TestStaff {
  member: StaffMember;
  password: string;
  secret: string;
}

/** The TOTP code an authenticator app shows at the test clock's time. */
export function totpCodeAt(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

/**
 * The hash of test members' passwords: scrypt at N = 2^10 rather than 2^17. Sign-in verifies a
 * hash with the parameters stored in it, so every sign-in of a test member runs the real scrypt,
 * only without 128 MiB and about half a second each; the set-up route, which makes the hashes of
 * real members at the full cost, is tested for that cost (staff/routes.test.ts), and so is the
 * unknown account's dummy hash (sign-in-protection.test.ts).
 */
const TEST_MEMBER_HASH = { N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 };

/** An active member of staff, set up through the repository (the set-up routes have own tests). */
export async function addActiveStaff(
  t: TestApp,
  role: StaffRole,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@broker.example`,
): Promise<TestStaff> {
  const members = createStaffRepository(t.db);
  const now = t.clock.now();
  const { member } = await members.add({ email, name: `Test ${role}`, role }, now);
  const password = 'a long and unusual test passphrase';
  const secret = newTotpSecret();
  await members.setTotpSecret(member.id, secret, now);
  await members.completeSetup(
    member.id,
    await hashPassword(password, undefined, TEST_MEMBER_HASH),
    0,
    now,
  );
  return { member: { ...member, status: 'active' }, password, secret };
}

/** The value of the cookie named `name` in a response's Set-Cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  const headers = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  for (const header of headers) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  return null;
}

export interface SignedIn {
  cookie: string;
  csrfToken: string;
  /** Headers for an authenticated request; pass `csrf: false` to leave the token out. */
  headers(options?: { csrf?: boolean }): Record<string, string>;
}

/** Signs in through the real routes: password, then the code at the test clock's time. */
export async function signIn(
  t: TestApp,
  staff: TestStaff,
  remoteAddress = '192.0.2.10',
): Promise<SignedIn> {
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/staff/sign-in',
    payload: { email: staff.member.email, password: staff.password },
    remoteAddress,
  });
  if (first.statusCode !== 200) throw new Error(`sign-in answered ${first.statusCode}`);
  const pending = cookieFrom(first.headers['set-cookie'], 'bo_session');
  const second = await t.app.inject({
    method: 'POST',
    url: '/api/staff/sign-in/code',
    headers: { cookie: `bo_session=${pending}` },
    payload: { code: await totpCodeAt(staff.secret, t.clock.now()) },
    remoteAddress,
  });
  if (second.statusCode !== 200) throw new Error(`code answered ${second.statusCode}`);
  const cookie = cookieFrom(second.headers['set-cookie'], 'bo_session')!;
  const { csrfToken } = second.json<{ csrfToken: string }>();
  return {
    cookie,
    csrfToken,
    headers: (options = {}) => ({
      cookie: `bo_session=${cookie}`,
      ...(options.csrf === false ? {} : { 'x-csrf-token': csrfToken }),
    }),
  };
}
