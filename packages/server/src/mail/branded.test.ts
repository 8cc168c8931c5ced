import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../portal/mail.js';
import type { SmtpCatcher } from '../test-support/smtp.js';
import { startSmtpCatcher } from '../test-support/smtp.js';
import { escapeHtml, renderBrandedMail } from './branded.js';

const CONTENT = {
  brand: { name: 'Evo Finance', colour: '#1d4f91' },
  subject: 'Your application, saved',
  heading: 'Come back to your application',
  paragraphs: ['We saved your answers.', 'A line with <b>markup</b> & "quotes"'],
  sections: [{ title: 'Your loan', rows: [{ label: 'Amount', value: '£5,000' }] }],
  action: { label: 'Carry on with your application', url: 'https://apply.example/r#k=a&b' },
  footer: ['You got this e-mail because you asked for it.'],
};

describe('a branded e-mail (docs/mail.md)', () => {
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(() => catcher.close());

  it('reaches a real SMTP server as text and HTML from the same content, the HTML escaped', async () => {
    const mail = renderBrandedMail(CONTENT);
    const transport = smtpTransport(catcher.url);
    try {
      await transport.send({ from: 'noreply@broker.example', to: 'ada@example.com', ...mail });
    } finally {
      transport.close();
    }
    const received = await catcher.waitFor('ada@example.com');
    expect(received.subject).toBe('Your application, saved');
    expect(received.text).toContain('Come back to your application');
    expect(received.text).toContain('Amount: £5,000');
    expect(received.text).toContain('https://apply.example/r#k=a&b');
    expect(received.text).toContain('A line with <b>markup</b> & "quotes"');
    expect(received.html).toContain(
      '<h1 style="font-size:24px;margin:0 0 16px;">Come back to your application</h1>',
    );
    expect(received.html).toContain(
      'A line with &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;',
    );
    expect(received.html).not.toContain('<b>markup</b>');
    expect(received.html).toContain('href="https://apply.example/r#k=a&amp;b"');
    expect(received.html).toContain('<html lang="en-GB">');
  });

  it('never puts anything but a hex colour into a style', () => {
    const mail = renderBrandedMail({
      ...CONTENT,
      brand: { name: 'X', colour: 'red;background:url(https://evil.example)' },
    });
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).toContain('background:#1d4f91');
  });

  it('escapes every character HTML gives a meaning to', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
