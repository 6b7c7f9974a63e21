/** The maker's signature of a firmware image, checked as a device does with the keys built into it. */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { firmwareSignedText } from '@helio/contracts';

/** DER of an Ed25519 SubjectPublicKeyInfo up to its 32 key bytes (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const keys = new Map<string, KeyObject | null>();

/** A raw 32-byte Ed25519 public key in base64 as a key object; null when it is not one. */
export function firmwareKey(base64: string): KeyObject | null {
  let key = keys.get(base64);
  if (key === undefined) {
    const raw = Buffer.from(base64, 'base64');
    try {
      key =
        raw.length === 32
          ? createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' })
          : null;
    } catch {
      key = null;
    }
    keys.set(base64, key);
  }
  return key;
}

/**
 * True when `signature` (base64) is one of `makerKeys`' Ed25519 signatures of the image's signed
 * text (`firmwareSignedText`: its SHA-256 and length, so it binds every byte of the image).
 */
export function signatureVerifies(
  makerKeys: readonly string[],
  image: { sha256: string; sizeBytes: number },
  signature: string,
): boolean {
  const signed = Buffer.from(firmwareSignedText(image.sha256, image.sizeBytes), 'utf8');
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64) return false;
  return makerKeys.some((base64) => {
    const key = firmwareKey(base64);
    return key !== null && verify(null, signed, key, bytes);
  });
}
