import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firmware } from '@helio/contracts';
import { schema } from '@helio/db';
import { eq } from 'drizzle-orm';
import { firmwareSignatureOf, rawFirmwareKey } from '../../src/domains/firmware/keys.ts';
import type { CallRegistry } from '../../src/http/calls.ts';
import { type Answer, startTestServer, type TestServer } from './server.ts';

/** An Ed25519 key pair as the signing script makes one: the FIRMWARE_KEYS line and the private key. */
export function firmwareKeyPair(): { publicKeyBase64: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKeyBase64: rawFirmwareKey(publicKey).toString('base64'), privateKey };
}

/** The signature file text (`<image>.sig`) of an image, signed with `privateKey`. */
export function signImage(bytes: Buffer, privateKey: KeyObject): string {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return JSON.stringify(firmwareSignatureOf({ sha256, sizeBytes: bytes.length }, privateKey));
}

/** The platform operator: the account made from INSTALLER_* at start, flagged as operator. */
export const operatorAccount = {
  userName: 'platform-operator',
  email: 'operator@helio.invalid',
  password: 'operator-pass-1',
};

/** Marks another account as an operator too (no product path does: a test of one operator's uploads). */
export async function makeOperator(server: TestServer, userId: number): Promise<void> {
  await server.database.db
    .update(schema.users)
    .set({ isOperator: true })
    .where(eq(schema.users.userId, userId));
}

export interface FirmwareServer extends TestServer {
  /** The operator's token. */
  operatorToken: string;
  /** DATA_DIR of the server: images are under `firmware/`. */
  dataDir: string;
}

/** A test server with FIRMWARE_KEYS and the operator from INSTALLER_*, signed in, in a DATA_DIR of its own. */
export async function startFirmwareServer(options: {
  keys: string[];
  /** Extra calls or routes, as `startTestServer`'s `extend`, with the server's DATA_DIR. */
  extend?: (calls: CallRegistry, dataDir: string) => void;
}): Promise<FirmwareServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'helio-firmware-'));
  const server = await startTestServer({
    env: {
      DATA_DIR: dataDir,
      FIRMWARE_KEYS: options.keys.join(','),
      INSTALLER_NAME: operatorAccount.userName,
      INSTALLER_EMAIL: operatorAccount.email,
      INSTALLER_PASSWORD: operatorAccount.password,
    },
    extend: (calls) => options.extend?.(calls, dataDir),
  });
  return {
    ...server,
    operatorToken: await server.login(operatorAccount.userName, operatorAccount.password),
    dataDir,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Uploads an image (multipart, field `file`) to api/firmware/file/upload. */
export async function uploadImage(
  server: TestServer,
  token: string,
  bytes: Buffer,
  fileName = 'image.bin',
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const response = await fetch(`${server.url}/${firmware.fileUpload.path}`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer['body'],
  };
}
