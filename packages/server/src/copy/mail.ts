import {
  BRANDS,
  commissionDisclosure,
  formatGBP,
  QUOTE_STATUS,
  quoteBasis,
  quoteRows,
  REPOSSESSION_WARNING,
  SECURED_EXAMPLE,
  summarisePayload,
} from '@broker/domain';
import type { AnswerSection, Brand, CalendarDate, IndicativeQuote } from '@broker/domain';
import { renderBrandedMail } from '../mail/branded.js';
import type { MailSection, RenderedMail } from '../mail/branded.js';

export const COPY_MAIL_SUBJECT = 'A copy of your application';

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * The check-your-answers summary as mail sections: the domain's one summary of the stored
 * payload (`summarisePayload`, decision 0065), each group under its section's heading, each row
 * in the applicant's words, lines joined as the page shows them one under another.
 */
export function answerSections(sections: readonly AnswerSection[]): MailSection[] {
  return sections.flatMap((section) =>
    section.groups.map((group) => ({
      title: group.heading === null ? section.heading : `${section.heading}: ${group.heading}`,
      rows: group.rows.map((row) => ({ label: row.key, value: row.value.join(', ') })),
    })),
  );
}

function quoteSection(quote: IndicativeQuote): MailSection {
  return { title: 'Your indicative quote', rows: quoteRows(quote) };
}

/** The representative example that goes with the quote's kind of credit. */
export function representativeExampleFor(quote: IndicativeQuote | null): string {
  // The default brand's is the full sentence (other brands show a short APR on their pages).
  if (quote?.rateLabel !== 'APRC') return BRANDS.default.repApr;
  const e = SECURED_EXAMPLE;
  return (
    `Representative example: ${formatGBP(e.amount)} over ${e.months} months at a ${e.rateType} ` +
    `rate of ${(e.annualRate * 100).toFixed(2)}% a year. Monthly repayment ` +
    `${formatGBP(e.monthlyPayment, { pence: true })}, product fee ` +
    `${formatGBP(e.productFee, { pence: true })}, total repayable ` +
    `${formatGBP(e.totalRepayable, { pence: true })}. Representative ` +
    `${(e.representativeAprc * 100).toFixed(2)}% APRC.`
  );
}

export { REPOSSESSION_WARNING };

/**
 * The copy of what was sent (docs/mail.md, "A copy of the application"): the reference, the
 * answers as check-your-answers showed them, the indicative quote with its representative
 * example, the broker's status and commission, and what happens next.
 */
export function applicationCopyMail(input: {
  brand: Brand;
  company: string;
  reference: string | null;
  payload: unknown;
  quote: IndicativeQuote | null;
  sentAt: Date;
  today: CalendarDate;
}): RenderedMail {
  const { quote, company } = input;
  const lender = quote?.lender ?? 'the lender';
  return renderBrandedMail({
    brand: { name: input.brand.name, colour: input.brand.colour },
    subject: COPY_MAIL_SUBJECT,
    heading: COPY_MAIL_SUBJECT,
    paragraphs: [
      `Thank you for applying for finance with ${company}. This is a copy of what you sent on ` +
        `${DATE.format(input.sentAt)}, for your records.`,
      ...(input.reference === null ? [] : [`Your reference is ${input.reference}.`]),
      ...(quote ? [`${QUOTE_STATUS} ${quoteBasis(lender)}`] : []),
      representativeExampleFor(quote),
      ...(quote?.rateLabel === 'APRC' ? [REPOSSESSION_WARNING] : []),
      `${company} is a credit broker, not a lender. We introduce you to lenders who may be able ` +
        'to offer you finance.',
      commissionDisclosure(quote?.lender ?? null),
      'What happens next: we will contact you by phone or email about your application and the ' +
        'finance that may be available to you.' +
        (quote
          ? ` If you want to go ahead, ${lender} will make its own checks, including a full ` +
            'credit search that will show on your credit file. You will get the agreement and ' +
            'its pre-contract information to read before you sign anything. You do not have to ' +
            'accept this quote.'
          : ''),
    ],
    sections: [
      ...(quote ? [quoteSection(quote)] : []),
      ...answerSections(summarisePayload(input.payload, input.today)),
    ],
    footer: [
      `You got this email because you asked ${company} for a copy of your application.`,
      'If you did not apply, tell us by replying to this email.',
    ],
  });
}
