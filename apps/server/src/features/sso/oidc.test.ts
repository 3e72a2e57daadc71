import { describe, expect, it } from 'vitest';
import { fitted } from './oidc.ts';

describe('claims as the tables hold them', () => {
  const claims = { iss: 'https://idp.example.com', sub: 'alice', nonce: 'n', email: 'alice@example.com' };

  it('keeps claims within the columns as they are', () => {
    expect(fitted(claims)).toEqual(claims);
  });

  it('refuses an over-long subject, issuer or nonce, and leaves out an over-long e-mail address', () => {
    for (const long of [
      { sub: 's'.repeat(256) },
      { iss: `https://${'i'.repeat(505)}` },
      { nonce: 'n'.repeat(256) },
    ])
      expect(() => fitted({ ...claims, ...long })).toThrow(
        'The sign-in could not be verified: a claim is too long',
      );
    expect(fitted({ ...claims, email: `${'a'.repeat(310)}@example.com` }).email).toBeUndefined();
  });
});
