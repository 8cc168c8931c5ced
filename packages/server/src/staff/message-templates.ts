import type { Brand } from '@broker/domain';
import { renderBrandedMail } from '../mail/branded.js';
import type { BrandedMailContent, RenderedMail } from '../mail/branded.js';

/**
 * The templated e-mails staff send an applicant from the case (docs/mail.md, "Staff's templated
 * messages"; docs/decisions/0092-templated-messages.md). Each is fixed wording with one slot:
 * the only place staff type, bounded and checked (`checkSlot`), shown as its own paragraphs and
 * escaped by the branded template. A marketing template is sent only to an applicant who opted
 * in to e-mail from us.
 */

export const TEMPLATE_IDS = [
  'documents-needed',
  'tried-to-call',
  'your-quote',
  'application-withdrawn',
  'offers',
] as const;

export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface SlotSpec {
  /** The label of the box staff type in. */
  label: string;
  hint: string;
  required: boolean;
  /** Characters, after trimming. */
  max: number;
  /** "Enter …" when it is required and empty. */
  missing: string;
}

export interface TemplateFacts {
  brand: Pick<Brand, 'name' | 'colour'>;
  /** The applicant's name as given, or null. */
  name: string | null;
  reference: string | null;
  /** The slot, checked. */
  slot: string;
}

export interface MessageTemplate {
  id: TemplateId;
  /** As staff see it in the list and on the timeline. */
  name: string;
  marketing: boolean;
  slot: SlotSpec;
  content(facts: TemplateFacts): Omit<BrandedMailContent, 'brand' | 'footer'>;
}

/** The slot's lines as paragraphs: blank lines dropped. */
function paragraphsOf(slot: string): string[] {
  return slot
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function greeting(name: string | null): string {
  return name ? `Dear ${name},` : 'Hello,';
}

function yourApplication(facts: TemplateFacts): string {
  return facts.reference
    ? `your application for finance with ${facts.brand.name} (reference ${facts.reference})`
    : `your application for finance with ${facts.brand.name}`;
}

export const MESSAGE_TEMPLATES: Readonly<Record<TemplateId, MessageTemplate>> = {
  'documents-needed': {
    id: 'documents-needed',
    name: 'Documents needed',
    marketing: false,
    slot: {
      label: 'The documents we need',
      hint: 'For example: your last 3 months’ payslips. Up to 600 characters, no web addresses.',
      required: true,
      max: 600,
      missing: 'Enter the documents we need',
    },
    content: (facts) => ({
      subject: 'We need some documents for your application',
      heading: 'We need some documents from you',
      paragraphs: [
        greeting(facts.name),
        `To carry on with ${yourApplication(facts)}, we need the following:`,
        ...paragraphsOf(facts.slot),
        'Reply to this e-mail to tell us how you would like to send them, and we will explain what to do.',
      ],
    }),
  },
  'tried-to-call': {
    id: 'tried-to-call',
    name: 'We tried to call',
    marketing: false,
    slot: {
      label: 'Anything to add (optional)',
      hint: 'For example: the best times to reach us. Up to 300 characters, no web addresses.',
      required: false,
      max: 300,
      missing: '',
    },
    content: (facts) => ({
      subject: 'We tried to call you about your application',
      heading: 'We tried to call you',
      paragraphs: [
        greeting(facts.name),
        `We tried to call you about ${yourApplication(facts)}, but could not reach you.`,
        ...paragraphsOf(facts.slot),
        'Reply to this e-mail with a good time to call, and we will call you then.',
      ],
    }),
  },
  'your-quote': {
    id: 'your-quote',
    name: 'Your quote',
    marketing: false,
    slot: {
      label: 'The quote',
      hint: 'The lender, amount, term, monthly payment and APR, as the lender gave them. Up to 600 characters, no web addresses.',
      required: true,
      max: 600,
      missing: 'Enter the quote',
    },
    content: (facts) => ({
      subject: 'Your quote',
      heading: 'Your quote',
      paragraphs: [
        greeting(facts.name),
        `Here is the quote for ${yourApplication(facts)}:`,
        ...paragraphsOf(facts.slot),
        'A quote is not an offer of credit: the lender decides when you apply with them. Reply to this e-mail if you have any questions.',
      ],
    }),
  },
  'application-withdrawn': {
    id: 'application-withdrawn',
    name: 'Application withdrawn',
    marketing: false,
    slot: {
      label: 'Why it was withdrawn (optional)',
      hint: 'For example: you told us on the phone you no longer need the finance. Up to 300 characters, no web addresses.',
      required: false,
      max: 300,
      missing: '',
    },
    content: (facts) => ({
      subject: 'Your application has been withdrawn',
      heading: 'Your application has been withdrawn',
      paragraphs: [
        greeting(facts.name),
        `We have withdrawn ${yourApplication(facts)}. We will not pass it to any lender.`,
        ...paragraphsOf(facts.slot),
        'If you did not ask for this, or you would like to apply again, reply to this e-mail.',
      ],
    }),
  },
  offers: {
    id: 'offers',
    name: 'Offers (marketing)',
    marketing: true,
    slot: {
      label: 'The offer',
      hint: 'Up to 300 characters, no web addresses.',
      required: true,
      max: 300,
      missing: 'Enter the offer',
    },
    content: (facts) => ({
      subject: `Offers from ${facts.brand.name}`,
      heading: `Offers from ${facts.brand.name}`,
      paragraphs: [greeting(facts.name), ...paragraphsOf(facts.slot)],
    }),
  },
};

export const SLOT_MESSAGES = {
  tooLong: (max: number) => `Enter ${max.toLocaleString('en-GB')} characters or fewer in this box`,
  link: 'Remove the web address: a message from a template cannot link anywhere',
  hidden: 'Remove the hidden formatting characters (they can disguise what the text says)',
} as const;

// Control characters other than a line break, and the invisible characters that reorder or
// hide text (bidirectional overrides and isolates, zero-width joiners).
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const LINK =
  /(https?:|ftp:|mailto:|www\.|\b[a-z0-9-]+\.(com|co\.uk|uk|net|org|io|info|biz|xyz|ly)\b)/i;

/** The slot as sent (trimmed, line breaks as \n), or the reason it cannot be. */
export function checkSlot(
  template: MessageTemplate,
  raw: string,
): { ok: true; slot: string } | { ok: false; message: string } {
  const slot = raw.replace(/\r\n?/g, '\n').trim();
  const spec = template.slot;
  if (slot === '') return spec.required ? { ok: false, message: spec.missing } : { ok: true, slot };
  if (slot.length > spec.max) return { ok: false, message: SLOT_MESSAGES.tooLong(spec.max) };
  if (HIDDEN.test(slot)) return { ok: false, message: SLOT_MESSAGES.hidden };
  if (LINK.test(slot)) return { ok: false, message: SLOT_MESSAGES.link };
  return { ok: true, slot };
}

export function footerFor(brand: Pick<Brand, 'name'>, marketing: boolean): string[] {
  return marketing
    ? [
        `You agreed to hear from ${brand.name} by e-mail about offers when you applied.`,
        'To stop these e-mails, reply to this e-mail with the word STOP.',
      ]
    : [
        `You are getting this e-mail because you applied for finance with ${brand.name}.`,
        'If you did not apply, reply to this e-mail to tell us.',
      ];
}

export function renderTemplate(template: MessageTemplate, facts: TemplateFacts): RenderedMail {
  return renderBrandedMail({
    ...template.content(facts),
    brand: facts.brand,
    footer: footerFor(facts.brand, template.marketing),
  });
}
