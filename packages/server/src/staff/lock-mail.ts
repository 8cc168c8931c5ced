import type { Db, StaffMemberRow } from '../db/schema.js';
import type { MailTransport } from '../portal/mail.js';
import type { LockReason } from './attempts.js';
import { SIGN_IN_WINDOW_MS } from './attempts.js';

/** At most one lock e-mail to a member in this time, however many locks begin. */
export const LOCK_MAIL_INTERVAL_MS = SIGN_IN_WINDOW_MS;

export const LOCK_MAIL_SUBJECT = 'Sign-in to your back-office account was paused';

/** What the member is told, by the kind of lock (docs/back-office.md). */
export function lockMailText(reason: LockReason, ip: string, until: Date, company: string) {
  const time = `${until.toISOString().slice(11, 16)} UTC`;
  const what: Record<LockReason, string[]> = {
    pair: [
      `Five wrong passwords were entered for your account from the address ${ip}.`,
      `Signing in from that address is paused until ${time}. You can still sign in from elsewhere.`,
    ],
    account: [
      'Many wrong passwords were entered for your account, from several addresses, within an hour.',
      `Until ${time} you can sign in only from an address you have signed in from before.`,
    ],
    code: [
      `Five wrong authenticator codes were entered after your correct password, from ${ip}.`,
      `Your account is locked until ${time}. Someone may know your password: ask an admin for a new`,
      'set-up link to choose a new one.',
    ],
    address: [],
  };
  return [
    ...what[reason],
    '',
    'If this was you, wait and try again, or ask an admin to unlock your account.',
    `If it was not you, tell an admin at ${company}.`,
  ].join('\n');
}

/**
 * Tells a member their account was locked, at most once per LOCK_MAIL_INTERVAL_MS (a claim on
 * `staff_members.lock_mail_at`, so two instances send it once). Sent off the request path: a
 * mail server's trouble never delays or fails the answer.
 */
export async function tellOwnerOfLock(
  options: {
    db: Db;
    transport: MailTransport;
    from: string;
    company: string;
    log: { warn(object: object, message: string): void };
  },
  member: StaffMemberRow,
  lock: { reason: LockReason; ip: string; until: Date; now: Date },
): Promise<boolean> {
  const { now } = lock;
  const claimed = await options.db
    .updateTable('staff_members')
    .set({ lock_mail_at: now.toISOString() })
    .where('id', '=', member.id)
    .where((eb) =>
      eb.or([
        eb('lock_mail_at', 'is', null),
        eb('lock_mail_at', '<=', new Date(now.getTime() - LOCK_MAIL_INTERVAL_MS).toISOString()),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  options.transport
    .send({
      from: options.from,
      to: member.email_lower,
      subject: LOCK_MAIL_SUBJECT,
      text: lockMailText(lock.reason, lock.ip, lock.until, options.company),
    })
    .catch((error: unknown) => {
      // The error's name only: a mail server's message can quote the recipient.
      options.log.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'staff lock e-mail failed',
      );
    });
  return true;
}
