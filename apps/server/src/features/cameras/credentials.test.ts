import { describe, expect, it } from 'vitest';
import { CredentialCipher } from './credentials.ts';

describe('CredentialCipher', () => {
  const cipher = new CredentialCipher('a server secret of at least thirty-two characters');
  const creds = { main: { username: 'admin', password: 'pässword' }, sd: null };

  it('round-trips, with a fresh IV each time and key id k1', () => {
    const a = cipher.encrypt('u.d', creds);
    const b = cipher.encrypt('u.d', creds);
    expect(a.keyId).toBe('k1');
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.ciphertext).not.toContain('admin');
    expect(cipher.decrypt('u.d', a.ciphertext, a.keyId)).toEqual(creds);
  });

  it('refuses a ciphertext moved to another camera, tampered with, or under another secret', () => {
    const { ciphertext } = cipher.encrypt('u.d', creds);
    expect(() => cipher.decrypt('u.other', ciphertext, 'k1')).toThrow();
    const [iv, ct, tag] = ciphertext.split('.');
    // Flip one bit of the first ciphertext byte (editing a base64 character can leave the bytes unchanged).
    const bytes = Buffer.from(ct!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = `${iv}.${bytes.toString('base64url')}.${tag}`;
    expect(flipped).not.toBe(ciphertext);
    expect(() => cipher.decrypt('u.d', flipped, 'k1')).toThrow();
    expect(() =>
      new CredentialCipher('another secret, also long enough to use').decrypt('u.d', ciphertext, 'k1'),
    ).toThrow();
    expect(() => cipher.decrypt('u.d', ciphertext, 'k9')).toThrow('unknown camera credentials key k9');
  });
});
