/**
 * The "Need help?" form (docs/help.md, decision 0089): its options in the applicant's words and
 * its one check, used by the form in the browser and by `POST /api/help/callback` on the server.
 * What makes things harder follows the FCA's four drivers of vulnerability (FG21/1: health, life
 * events, resilience, capability), said plainly.
 */
import { normalisePhoneForPayload } from './phone.js';
import { validateEmail, validatePhone } from './validation.js';

export const CALL_TIMES = [
  { value: 'morning', label: 'Morning (9am to 12 noon)' },
  { value: 'afternoon', label: 'Afternoon (12 noon to 5pm)' },
  { value: 'evening', label: 'Early evening (5pm to 8pm)' },
  { value: 'any', label: 'Any time' },
] as const;

export const HELP_TOPICS = [
  { value: 'question', label: 'A question about a question on the form' },
  { value: 'my-application', label: 'My application or quote' },
  { value: 'other', label: 'Something else' },
] as const;

export const HARDER_KINDS = [
  { value: 'health', label: 'My health, physical or mental, or a disability' },
  {
    value: 'life-event',
    label:
      'Something that has happened in my life, such as a bereavement, a job loss or a break-up',
  },
  { value: 'resilience', label: 'Money is tight, or my income goes up and down' },
  {
    value: 'capability',
    label: 'Reading, numbers, English or using a computer is hard for me',
  },
] as const;

export type CallTime = (typeof CALL_TIMES)[number]['value'];
export type HelpTopic = (typeof HELP_TOPICS)[number]['value'];
export type HarderKind = (typeof HARDER_KINDS)[number]['value'];

/** Free text the form takes: what it is about, and what would help. */
export const HELP_TEXT_MAX_LENGTH = 500;

export const HELP_MESSAGES = {
  callTime: 'Choose a good time to call you',
  textTooLong: `Enter ${HELP_TEXT_MAX_LENGTH} characters or fewer`,
  rateLimited:
    'We have had a lot of requests from you just now. Wait an hour and try again, or call us',
} as const;

export interface CallbackRequestInput {
  phone: string;
  callTime: string | null;
  topic: string | null;
  about: string;
  harder: boolean;
  harderKinds: readonly string[];
  harderNote: string;
  email: string;
}

export interface HelpFieldError {
  path: 'phone' | 'callTime' | 'about' | 'harderNote' | 'email';
  message: string;
}

const isOneOf = (list: readonly { value: string }[], value: string | null) =>
  value !== null && list.some((option) => option.value === value);

/** The form's problems, in the form's order; none when it can be sent. */
export function callbackRequestProblems(input: CallbackRequestInput): HelpFieldError[] {
  const problems: HelpFieldError[] = [];
  const phone = validatePhone(input.phone);
  if (phone !== null) problems.push({ path: 'phone', message: phone });
  if (!isOneOf(CALL_TIMES, input.callTime)) {
    problems.push({ path: 'callTime', message: HELP_MESSAGES.callTime });
  }
  if (input.about.trim().length > HELP_TEXT_MAX_LENGTH) {
    problems.push({ path: 'about', message: HELP_MESSAGES.textTooLong });
  }
  if (input.harder && input.harderNote.trim().length > HELP_TEXT_MAX_LENGTH) {
    problems.push({ path: 'harderNote', message: HELP_MESSAGES.textTooLong });
  }
  if (input.email.trim() !== '') {
    const email = validateEmail(input.email);
    if (email !== null) problems.push({ path: 'email', message: email });
  }
  return problems;
}

/** The phone number as it is stored and searched (`07911123456`). */
export function callbackPhone(phone: string): string {
  return normalisePhoneForPayload(phone) ?? '';
}

export function labelOf(
  list: readonly { value: string; label: string }[],
  value: string | null,
): string | null {
  return list.find((option) => option.value === value)?.label ?? null;
}
