import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device secrets. Each device gets its own 192 random bits at registration or rotation, never
 * derived from its SN or anything else a stranger could know. Only their SHA-256 is kept: for a
 * random secret of this size a fast hash is as safe as a slow one (there is nothing to guess),
 * and it keeps the broker's check cheap when thousands of devices reconnect at once.
 */

/** A new secret: 32 characters of base64url. */
export function issueSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares in constant time, so the time taken says nothing about the stored hash. */
export function secretMatches(secret: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
