import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '@vigil/contracts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// argon2id (the library's default algorithm) with OWASP's second recommended setting: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist makes unknown and known e-mails take the same time.
let dummyHash: Promise<string> | undefined;
export function burnPasswordCheck(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash.then((h) => verifyPassword(h, password));
}

/** NIST 800-63B: length and a blocklist, no composition rules. Returns a readable problem or undefined. */
export function passwordProblem(password: string, email?: string): string | undefined {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common; choose another';
  if (email && lower === email.toLowerCase()) return 'Password must not be your e-mail address';
  return undefined;
}
