import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { FIRMWARE_SIGNATURE_FORMAT, type FirmwareSignatureFile, firmwareSignedText } from '@helio/contracts';

/**
 * The public keys firmware images are signed with (FIRMWARE_KEYS, README.md "Firmware"): raw
 * 32-byte Ed25519 keys in base64, comma-separated. The private keys stay with the operator
 * (`npm run firmware:sign`); the portal only verifies.
 */
export interface FirmwareKey {
  /** `firmwareKeyId` of the raw key: what a signature file names as its `key_id`. */
  keyId: string;
  publicKey: KeyObject;
}

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): followed by the 32 raw key bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const RAW_KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A key's id: the first 16 hex digits of the SHA-256 of its raw 32 bytes. */
export function firmwareKeyId(rawKey: Buffer): string {
  return createHash('sha256').update(rawKey).digest('hex').slice(0, 16);
}

/** The raw 32 bytes of an Ed25519 public key (the line FIRMWARE_KEYS takes, base64). */
export function rawFirmwareKey(publicKey: KeyObject): Buffer {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  if (publicKey.asymmetricKeyType !== 'ed25519' || der.length !== ED25519_SPKI_PREFIX.length + RAW_KEY_BYTES)
    throw new Error('not an Ed25519 public key');
  return der.subarray(ED25519_SPKI_PREFIX.length);
}

/** One key of FIRMWARE_KEYS from its base64 text; throws with the reason when it is not one. */
export function firmwareKeyOf(base64: string): FirmwareKey {
  const raw = BASE64.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
  if (raw.length !== RAW_KEY_BYTES)
    throw new Error(`"${base64.slice(0, 60)}" is not the base64 of a raw 32-byte Ed25519 public key`);
  const publicKey = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
  return { keyId: firmwareKeyId(raw), publicKey };
}

/**
 * FIRMWARE_KEYS parsed: none when unset or empty (every upload is then refused as signed by an
 * unknown key); throws naming the key that is malformed, so the portal does not start with it.
 */
export function parseFirmwareKeys(text: string | undefined): FirmwareKey[] {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const keys = parts.map(firmwareKeyOf);
  return keys.filter((key, i) => keys.findIndex((other) => other.keyId === key.keyId) === i);
}

/** What checking a signature file against the keys found: the key that verified it, or why not. */
export type SignatureCheck =
  | { keyId: string }
  | { issue: 'validation.firmwareKeyUnknown' | 'validation.firmwareSignatureInvalid' };

/**
 * Verifies a signature file's Ed25519 signature of `firmwareSignedText(sha256, size_bytes)` with
 * the key it names. Whether the staged image has that SHA-256 and length is the caller's check.
 */
export function verifyFirmwareSignature(
  keys: readonly FirmwareKey[],
  signature: FirmwareSignatureFile,
): SignatureCheck {
  const key = keys.find((candidate) => candidate.keyId === signature.key_id);
  if (!key) return { issue: 'validation.firmwareKeyUnknown' };
  const signed = Buffer.from(firmwareSignedText(signature.sha256, signature.size_bytes));
  const valid = verify(null, signed, key.publicKey, Buffer.from(signature.signature, 'base64'));
  return valid ? { keyId: key.keyId } : { issue: 'validation.firmwareSignatureInvalid' };
}

/**
 * The signature file of an image with this SHA-256 and length, signed with an Ed25519 private key
 * (the signing script, offline; never on the portal).
 */
export function firmwareSignatureOf(
  image: { sha256: string; sizeBytes: number },
  privateKey: KeyObject,
): FirmwareSignatureFile {
  const raw = rawFirmwareKey(createPublicKey(privateKey));
  return {
    format: FIRMWARE_SIGNATURE_FORMAT,
    sha256: image.sha256,
    size_bytes: image.sizeBytes,
    key_id: firmwareKeyId(raw),
    signature: sign(
      null,
      Buffer.from(firmwareSignedText(image.sha256, image.sizeBytes)),
      privateKey,
    ).toString('base64'),
  };
}
