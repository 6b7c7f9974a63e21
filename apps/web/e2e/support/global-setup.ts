import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from '@helio/db';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { rawFirmwareKey } from '../../../server/src/domains/firmware/keys.ts';
import { seedAccounts } from '../../../server/src/domains/seed/seed.ts';
import { freePort } from '../../../server/test/support/portal-process.ts';
import { startSmtpServer } from '../../../server/test/support/smtp.ts';
import { startTileServer } from './tiles.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the e2e SMTP server writes each received mail as JSON (see mailbox.ts). */
    mailDir: string;
    /** Base address of the e2e map tile server (see tiles.ts); `GET {tileServer}/count` counts its tiles. */
    tileServer: string;
    /** The embedded MQTT broker devices connect to, as the portal tells them (MQTT_PUBLIC_URL). */
    brokerUrl: string;
    /** The maker's firmware signing key of the run (PKCS#8 PEM): journeys sign their images with it. */
    firmwareSigningKey: string;
    /** Its public key as FIRMWARE_KEYS holds it (base64 of the raw 32 bytes): the simulated devices trust it. */
    firmwareKeys: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../../..');

/** Builds the web app as users get it and serves it from the real server on an ephemeral port. */
export default async function setup(project: TestProject) {
  // A production build, as users get it: vitest's NODE_ENV=test would give React's development build.
  // Into a folder of this run's own, so runs side by side never serve each other's half-built app.
  const webDist = mkdtempSync(path.join(tmpdir(), 'helio-e2e-web-'));
  const build = spawnSync(
    'npm',
    ['run', 'build', '--silent', '-w', '@helio/web', '--', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('the web build failed');

  const mailDir = mkdtempSync(path.join(tmpdir(), 'helio-e2e-mail-'));
  let mailCount = 0;
  const smtp = await startSmtpServer((mail) => {
    const file = path.join(mailDir, `${String(++mailCount).padStart(6, '0')}.json`);
    writeFileSync(file, JSON.stringify(mail));
  });
  project.provide('mailDir', mailDir);

  // The map picker's tiles come from a local server: the machine has no internet.
  const tiles = await startTileServer();
  project.provide('tileServer', tiles.base);

  // The embedded broker listens on loopback only, on a port of its own, and says so to devices.
  const brokerUrl = `mqtt://127.0.0.1:${await freePort()}`;
  project.provide('brokerUrl', brokerUrl);

  // the maker's signing key of this run: the portal trusts its public key, the journeys sign with it
  const signing = generateKeyPairSync('ed25519');
  const firmwareKeys = rawFirmwareKey(signing.publicKey).toString('base64');
  project.provide('firmwareKeys', firmwareKeys);
  project.provide(
    'firmwareSigningKey',
    signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  // devices are given download links at PORTAL_URL: the portal listens where it says it does
  const port = await freePort();

  const database = wrapPglite(await PGlite.create());
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MQTT_PORT: new URL(brokerUrl).port,
    MQTT_PUBLIC_URL: brokerUrl,
    // the journeys bring their own devices; the demo plants are tested on their own
    DEMO_PLANTS: '0',
    // the journeys sign many accounts up from one address; the limit has its own server test
    SIGNUP_LIMIT_PER_HOUR: '10000',
    WEB_DIST: webDist,
    DATA_DIR: mailDir,
    SMTP_URL: smtp.url,
    INSTALLER_NAME: 'e2e_installer',
    INSTALLER_EMAIL: 'e2e-installer@helio.invalid',
    INSTALLER_PASSWORD: 'installer-pass-1',
    MAP_TILE_URL: tiles.template,
    MAP_TILE_ATTRIBUTION: 'Helio e2e tiles',
    PORT: String(port),
    PORTAL_URL: `http://127.0.0.1:${port}/`,
    FIRMWARE_KEYS: firmwareKeys,
  });
  const { app } = await buildApp({ config, database });
  await seedAccounts(database.db, config, app.log);
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);

  return async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
    await database.close();
    await smtp.close();
    await tiles.close();
  };
}
