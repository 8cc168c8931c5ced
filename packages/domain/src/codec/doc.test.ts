import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { payloadDoc } from './doc.js';
import { PAYLOAD_FIELDS } from './fields.js';

describe('docs/payload.md', () => {
  const doc = new URL('../../../../docs/payload.md', import.meta.url);

  it('describes exactly the table (regenerate: UPDATE_PAYLOAD_DOC=1 npx vitest run --project domain codec/doc)', () => {
    if (process.env.UPDATE_PAYLOAD_DOC === '1') writeFileSync(doc, payloadDoc());
    expect(
      readFileSync(doc, 'utf8'),
      'docs/payload.md is out of date: run UPDATE_PAYLOAD_DOC=1 npx vitest run --project domain codec/doc',
    ).toBe(payloadDoc());
  });

  it('names every answer the table sends, with its screen', () => {
    const text = payloadDoc();
    for (const field of PAYLOAD_FIELDS) {
      for (const key of field.keys) expect(text, key).toContain(`| \`${key}\` |`);
    }
    expect(text).toContain(
      '| `loanAmount` | whole number (£) 1,000-100,000 | `/amount-to-finance` (vehicle); `/looking-to-borrow` (secured) | required | `6500` (policy) |',
    );
    expect(text).toContain('| `flatNumber` |');
    expect(text).toContain('`Not asked on this application`');
  });
});
