import { createHash, randomBytes } from 'node:crypto';

/** Opaque random token for remember-me and reset links; only its hash is stored. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
/** Tokens are 256 random bits, so a fast hash is enough: there is nothing to brute-force. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const randomId = (): string => randomBytes(12).toString('base64url').replaceAll(/[-_]/g, 'x');
