import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Six-digit codes mailed to an address (password reset, a new email address). Only a salted hash
 * is stored, compared in constant time; whoever holds a copy of the table learns no code.
 */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split(':');
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A code typed as a number (leading zeros lost) back to its six digits. */
export const codeText = (code: number) => String(code).padStart(6, '0');
