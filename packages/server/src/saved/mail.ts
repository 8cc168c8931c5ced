import type { Brand } from '@broker/domain';
import { renderBrandedMail, type RenderedMail } from '../mail/branded.js';

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** docs/mail.md, "Come back to your application": the link to a saved application. */
export function savedDraftMail({
  brand,
  url,
  expiresAt,
}: {
  brand: Pick<Brand, 'name' | 'colour'>;
  url: string;
  expiresAt: Date;
}): RenderedMail {
  return renderBrandedMail({
    brand: { name: brand.name, colour: brand.colour },
    subject: `Your saved application with ${brand.name}`,
    heading: 'Come back to your application',
    paragraphs: [
      `You asked us to save your finance application with ${brand.name} so that you can finish it later.`,
      `The link below opens it where you left off, with your answers, on any device. It works once, for 30 days (until ${DATE.format(expiresAt)}). If you save again, we will send you a new link.`,
      'Anyone with this link can see your answers, so please do not forward this email.',
    ],
    action: { label: 'Continue your application', url },
    footer: [
      `You got this email because someone asked ${brand.name} to save an application and send the link to this address.`,
      'If that was not you, you can ignore this email: nothing has been sent to us in your name, and the saved answers are deleted after 30 days.',
    ],
  });
}
