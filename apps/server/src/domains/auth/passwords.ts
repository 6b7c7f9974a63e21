import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2) with the OWASP minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID as Parameters<typeof hash>[1]);
}

/** A real hash of a random secret, verified against when the account is unknown so both paths cost the same. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no hash (unknown account) it still does the work
 * of one verification, so timing does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
