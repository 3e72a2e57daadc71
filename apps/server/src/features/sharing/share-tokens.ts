import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface ShareClaims {
  id: string;
  uidd: string;
  startSec: number;
  endSec: number;
  access: 'private' | 'public';
}

/**
 * Share tokens: signed with a key of their own (derived apart from the auth token key) and typed 'share', so a
 * share token never passes as an auth token nor the reverse. The database row stays the authority on revocation.
 */
export class ShareTokens {
  readonly #key: Uint8Array;
  constructor(secret: string) {
    this.#key = createHash('sha256').update(`share-token-key:${secret}`).digest();
  }

  sign(c: ShareClaims, expiresAtMs: number | null): Promise<string> {
    const jwt = new SignJWT({ typ: 'share', cam: c.uidd, s: c.startSec, e: c.endSec, acc: c.access })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(c.id)
      .setIssuer('vigil')
      .setIssuedAt();
    if (expiresAtMs !== null) jwt.setExpirationTime(Math.floor(expiresAtMs / 1000));
    return jwt.sign(this.#key);
  }

  async verify(token: string): Promise<ShareClaims | 'expired' | 'invalid'> {
    try {
      const { payload: p } = await jwtVerify(token, this.#key, { issuer: 'vigil', algorithms: ['HS256'] });
      if (p.typ !== 'share' || typeof p.jti !== 'string' || typeof p.cam !== 'string') return 'invalid';
      if (typeof p.s !== 'number' || typeof p.e !== 'number' || (p.acc !== 'private' && p.acc !== 'public'))
        return 'invalid';
      return { id: p.jti, uidd: p.cam, startSec: p.s, endSec: p.e, access: p.acc };
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
