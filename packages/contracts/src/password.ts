import { PASSWORD_STRONG_FROM, PASSWORD_TOO_SHORT_BELOW } from './constants.ts';

/** Server rule: at least 8 characters, at most this many (long passphrases welcome), no composition rules. */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_LENGTH = PASSWORD_TOO_SHORT_BELOW;

/** Spec 001 §5: 'Good' exists but is never reached. */
export type PasswordStrength = 'tooShort' | 'weak' | 'good' | 'strong';

/** The one common password that earns the joke message in the strength meter (spec 001 §5). */
export const JOKE_PASSWORD = 'password';

/** Length in characters as a person counts them (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n += 1;
  return n;
}

export function passwordStrength(password: string): { strength: PasswordStrength; percent: number } {
  const n = passwordLength(password);
  if (n < PASSWORD_TOO_SHORT_BELOW) return { strength: 'tooShort', percent: 0 };
  if (n < PASSWORD_STRONG_FROM) return { strength: 'weak', percent: 50 };
  return { strength: 'strong', percent: 100 };
}
