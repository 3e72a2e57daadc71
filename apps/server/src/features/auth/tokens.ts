import { createHash } from 'node:crypto';
import type { ManagementType } from '@vigil/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Caller } from '../../shared/caller.ts';

/**
 * Signed tokens. The `typ` claim keeps the kinds apart: an auth token is refused where a management token is
 * asked for, and share tokens (another issue) use their own type too.
 */
export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #authTtlSec: number;
  readonly #issuer: string;

  constructor(secret: string, authTtlSec: number, issuer = 'vigil') {
    // Derive a separate key for tokens so the same secret can serve other purposes without key reuse.
    this.#key = createHash('sha256').update(`auth-token-key:${secret}`).digest();
    this.#authTtlSec = authTtlSec;
    this.#issuer = issuer;
  }

  get authTtlSec(): number {
    return this.#authTtlSec;
  }

  signAuth(c: Caller): Promise<string> {
    return new SignJWT({ typ: 'auth', at: c.accountType, sid: c.seriesId, ...(c.demo ? { demo: true } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.uid)
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.#authTtlSec}s`)
      .sign(this.#key);
  }

  signManagement(c: Caller, managementType: ManagementType, scope: string[]): Promise<string> {
    return new SignJWT({ typ: 'mgmt', at: c.accountType, sid: c.seriesId, mt: managementType, scope })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.uid)
      .setIssuer(this.#issuer)
      .setIssuedAt()
      .setExpirationTime(`${this.#authTtlSec}s`)
      .sign(this.#key);
  }

  /** Returns the caller, or a reason the token is not acceptable. */
  async verify(token: string, typ: 'auth' | 'mgmt' = 'auth'): Promise<Caller | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: this.#issuer, algorithms: ['HS256'] });
      if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
        return 'invalid';
      const at = payload.at;
      if (at !== 'u' && at !== 'i' && at !== 'd' && at !== 's') return 'invalid';
      return { uid: payload.sub, accountType: at, seriesId: payload.sid, demo: payload.demo === true };
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
