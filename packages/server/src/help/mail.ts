import { BRANDS, CALL_TIMES, labelOf } from '@broker/domain';
import type { Brand } from '@broker/domain';
import { renderBrandedMail } from '../mail/branded.js';
import type { RenderedMail } from '../mail/branded.js';

export const CALLBACK_MAIL_SUBJECT = 'We will call you back';

/** The brand a request names by its affiliate key; the default brand for any other value. */
export function brandOf(affiliateKey: string): Brand {
  return (
    Object.values(BRANDS).find((brand) => brand.affiliateKey === affiliateKey) ?? BRANDS.default
  );
}

/**
 * The confirmation of a callback request (docs/mail.md, "Callback confirmation"): when and on
 * which number, and what happens next. Nothing of what makes things harder is repeated: a mail
 * box may be shared.
 */
export function callbackConfirmationMail(input: {
  brand: Brand;
  company: string;
  phone: string;
  callTime: string;
  serviceLevelHours: number;
}): RenderedMail {
  const time = labelOf(CALL_TIMES, input.callTime) ?? 'Any time';
  return renderBrandedMail({
    brand: { name: input.brand.name, colour: input.brand.colour },
    subject: CALLBACK_MAIL_SUBJECT,
    heading: CALLBACK_MAIL_SUBJECT,
    paragraphs: [
      `Thank you for asking ${input.company} to call you. A member of our team will call you ` +
        `within ${hoursInWords(input.serviceLevelHours)} of your request, at the time you chose ` +
        'where we can.',
      'If we miss you, we will try again. We will never ask for your password or a code by phone.',
    ],
    sections: [
      {
        title: 'Your request',
        rows: [
          { label: 'We will call', value: input.phone },
          { label: 'A good time to call', value: time },
        ],
      },
    ],
    footer: [
      `You got this e-mail because someone asked ${input.company} to call them back and gave this address.`,
      'If it was not you, you can ignore it, or reply to tell us.',
    ],
  });
}

export function hoursInWords(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
