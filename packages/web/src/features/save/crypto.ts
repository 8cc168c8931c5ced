/**
 * The saved answers' encryption (docs/decisions/0087-drafts-encrypted-with-the-links-key.md):
 * AES-256-GCM with a new key per save, made and used only here, in the browser. The server
 * stores `ciphertext` (a 12-byte IV, then the sealed bytes and tag, in base64url); the key goes
 * only into the e-mailed link's fragment, which browsers never send to a server.
 */

const IV_BYTES = 12;

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface Sealed {
  ciphertext: string;
  key: string;
}

export async function seal(plaintext: string): Promise<Sealed> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)),
  );
  const joined = new Uint8Array(IV_BYTES + sealed.length);
  joined.set(iv);
  joined.set(sealed, IV_BYTES);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', key));
  return { ciphertext: toBase64url(joined), key: toBase64url(raw) };
}

/** Throws when the key is not the one that sealed it, or the ciphertext was changed. */
export async function open({ ciphertext, key }: Sealed): Promise<string> {
  const bytes = fromBase64url(ciphertext);
  const cryptoKey = await crypto.subtle.importKey('raw', fromBase64url(key), 'AES-GCM', false, [
    'decrypt',
  ]);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
    cryptoKey,
    bytes.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
