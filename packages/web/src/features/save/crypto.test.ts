import { describe, expect, it } from 'vitest';
import { open, seal } from './crypto';

// docs/decisions/0087-drafts-encrypted-with-the-links-key.md
describe('the saved answers’ encryption', () => {
  it('opens with the key it was sealed with, and a new key each time', async () => {
    const answers = JSON.stringify({ path: '/employment-income/1', state: 'Mwyaxdoye Plumbing' });
    const first = await seal(answers);
    const second = await seal(answers);
    expect(first.key).not.toBe(second.key);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    // 256-bit key; 12-byte IV, the text and a 16-byte tag, all base64url.
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.ciphertext).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.ciphertext).not.toContain('Mwyaxdoye');
    expect(await open(first)).toBe(answers);
  });

  it('refuses another key, and a changed ciphertext', async () => {
    const sealed = await seal('{"a":1}');
    const other = await seal('{"a":1}');
    await expect(open({ ciphertext: sealed.ciphertext, key: other.key })).rejects.toThrow();
    const last = sealed.ciphertext.at(-1) === 'A' ? 'B' : 'A';
    await expect(
      open({ ciphertext: sealed.ciphertext.slice(0, -1) + last, key: sealed.key }),
    ).rejects.toThrow();
  });
});
