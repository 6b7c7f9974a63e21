/**
 * The operator's offline signing tool (README.md "Firmware"); the private key never reaches the
 * portal, which holds only the public keys (FIRMWARE_KEYS).
 *
 *   npm run firmware:sign -- keygen <dir>               writes <dir>/firmware-signing.key (PKCS#8 PEM, 0600)
 *                                                       and prints the public key line for FIRMWARE_KEYS
 *   npm run firmware:sign -- sign --key <pem> <image>   writes <image>.sig and prints its SHA-256, length, key id
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isFirmwareFileName } from '@helio/contracts';
import { firmwareKeyId, firmwareSignatureOf, rawFirmwareKey } from './domains/firmware/keys.ts';

const KEY_FILE = 'firmware-signing.key';
const usage = `usage:
  npm run firmware:sign -- keygen <dir>
  npm run firmware:sign -- sign --key <private key .pem> <image>`;

/** Paths as the operator typed them, from the folder npm was run in. */
const resolve = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function keygen(dir: string): Promise<void> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  await mkdir(resolve(dir), { recursive: true });
  const file = path.join(resolve(dir), KEY_FILE);
  // never over an existing key: images signed with it would no longer match a new one
  await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
    flag: 'wx',
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EEXIST'
      ? new Error(`${file} exists already: keep it, or choose another folder`)
      : error;
  });
  const raw = rawFirmwareKey(publicKey);
  console.log(`private key: ${file} (keep it offline; it never goes to the portal)`);
  console.log(`key id:      ${firmwareKeyId(raw)}`);
  console.log('add this public key to FIRMWARE_KEYS (comma-separated with any others):');
  console.log(raw.toString('base64'));
}

async function sign(keyFile: string, image: string): Promise<void> {
  if (!isFirmwareFileName(image)) throw new Error('the image must end in .bin, .hex, .img or .fw');
  const privateKey = createPrivateKey(await readFile(resolve(keyFile)));
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`${keyFile} is not an Ed25519 private key`);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  for await (const chunk of createReadStream(resolve(image))) {
    hash.update(chunk as Buffer);
    sizeBytes += (chunk as Buffer).length;
  }
  if (sizeBytes === 0) throw new Error(`${image} is empty`);
  const signature = firmwareSignatureOf({ sha256: hash.digest('hex'), sizeBytes }, privateKey);
  const out = `${resolve(image)}.sig`;
  await writeFile(out, `${JSON.stringify(signature, null, 2)}\n`);
  console.log(`signature: ${out}`);
  console.log(`sha256:    ${signature.sha256}`);
  console.log(`size:      ${signature.size_bytes} bytes`);
  console.log(
    `key id:    ${signature.key_id} (public key ${rawFirmwareKey(createPublicKey(privateKey)).toString('base64')})`,
  );
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'keygen' && rest.length === 1) return keygen(rest[0]!);
  if (command === 'sign') {
    const at = rest.indexOf('--key');
    const keyFile = at >= 0 ? rest[at + 1] : undefined;
    const files = rest.filter((_, i) => i !== at && i !== at + 1);
    if (keyFile && files.length === 1) return sign(keyFile, files[0]!);
  }
  console.error(usage);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`firmware:sign: ${error.message}`);
  process.exitCode = 1;
});
