import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  auth,
  type FirmwareFileItem,
  type FirmwareModelItem,
  type FirmwareSeriesItem,
  firmware,
  parseFirmwareSignature,
} from '@helio/contracts';
import { column, queryParsed } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../src/config.ts';
import { Refusal } from '../src/core/refusal.ts';
import { byteRangeOf } from '../src/domains/firmware/download-route.ts';
import { parseFirmwareKeys, verifyFirmwareSignature } from '../src/domains/firmware/keys.ts';
import { firmwareLinks } from '../src/domains/firmware/links.ts';
import { firmwareStore } from '../src/domains/firmware/store.ts';
import { type Account, registerAccount } from './support/accounts.ts';
import {
  type FirmwareServer,
  firmwareKeyPair,
  makeOperator,
  operatorAccount,
  signImage,
  startFirmwareServer,
  uploadImage,
} from './support/firmware.ts';
import { addDevice, addStation } from './support/fleet.ts';
import type { Answer } from './support/server.ts';

/**
 * The firmware catalogue (issue 18 "Catalogue"): only the operator keeps series, models and
 * files; an image is kept only with a signature of a FIRMWARE_KEYS key over exactly its SHA-256
 * and length; images are stored once by content and served to devices through short-lived links
 * with range requests.
 */
const trusted = firmwareKeyPair();
const smallUpload = { ...firmware.fileUpload, path: 'test/firmware/small', maxBytes: 1000 };
const stranger = firmwareKeyPair();
let server: FirmwareServer;
let operator: string;

beforeAll(async () => {
  server = await startFirmwareServer({
    keys: [trusted.publicKeyBase64],
    // the streamed upload's limit, at a size a test can pass
    extend(calls, dataDir) {
      const store = firmwareStore(path.join(dataDir, 'small'));
      calls.streamUpload(smallUpload, async ({ file, fileName, caller }) => {
        if (fileName.startsWith('refuse')) throw new Refusal('9001');
        const uploadId = randomUUID();
        const { sizeBytes, sha256 } = await store.stage(uploadId, file, Number.POSITIVE_INFINITY);
        return {
          upload_id: uploadId,
          file_name: `${fileName}:${caller.userId}`,
          size_bytes: sizeBytes,
          sha256,
        };
      });
    },
  });
  operator = server.operatorToken;
});
afterAll(() => server.close());

function data<T>(answer: Answer): T {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 });
  return answer.body.data as T;
}

function expectIssue(answer: Answer, field: string, message: string): void {
  expect(answer.body).toMatchObject({ code: 400, msg: '200005' });
  expect((answer.body.data as { issues: unknown[] }).issues).toContainEqual({ path: field, message });
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

async function addSeriesAndModel(parts = ['ARM', 'DSP']) {
  const series = data<{ series_id: number }>(
    await server.call(firmware.seriesAdd, { name: unique('Series') }, operator),
  );
  const name = unique('HX');
  const model = data<{ model_id: number }>(
    await server.call(
      firmware.modelAdd,
      { series_id: series.series_id, name, device_type: 1, parts },
      operator,
    ),
  );
  return { seriesId: series.series_id, modelId: model.model_id, modelName: name };
}

async function staged(bytes: Buffer, token = operator) {
  return data<{ upload_id: string; sha256: string; size_bytes: number; file_name: string }>(
    await uploadImage(server, token, bytes),
  );
}

function fileBody(
  modelId: number,
  uploadId: string,
  signature: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    upload_id: uploadId,
    model_id: modelId,
    part: 'ARM',
    name: unique('fw'),
    version: 'V2.15.0',
    min_version: 'V2.0.0',
    notes: { en: 'Faster MPPT tracking', pl: 'Szybsze śledzenie MPPT' },
    signature,
    ...overrides,
  };
}

/** Publishes a signed image as a file of the model; answers its id. */
async function publish(modelId: number, bytes: Buffer, overrides: Record<string, unknown> = {}) {
  const upload = await staged(bytes);
  const answer = await server.call(
    firmware.fileAdd,
    fileBody(modelId, upload.upload_id, signImage(bytes, trusted.privateKey), overrides),
    operator,
  );
  return data<{ file_id: number }>(answer).file_id;
}

const image = (bytes = 4096) => randomBytes(bytes);
const blobs = () => {
  const root = path.join(server.dataDir, 'firmware', 'blobs');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];
};
const stagedFiles = () => {
  const root = path.join(server.dataDir, 'firmware', 'staging');
  return existsSync(root) ? readdirSync(root) : [];
};

describe('the catalogue, kept by the operator', () => {
  it('signs the operator in with the catalogue in its menu; other installers see upgrade tasks only', async () => {
    const login = data<{ is_operator: boolean; menu_list: { menu_id: string }[] }>(
      await server.call(auth.login, { user_name: operatorAccount.userName, pwd: operatorAccount.password }),
    );
    expect(login.is_operator).toBe(true);
    expect(login.menu_list.map((m) => m.menu_id)).toEqual(
      expect.arrayContaining(['upgradeTasks', 'firmwareCatalogue']),
    );
    const installer = await registerAccount(server, 1, 'fwinst');
    const other = data<{ is_operator: boolean; menu_list: { menu_id: string }[] }>(
      await server.call(auth.login, { user_name: installer.userName, pwd: installer.password }),
    );
    expect(other.is_operator).toBe(false);
    expect(other.menu_list.map((m) => m.menu_id)).toContain('upgradeTasks');
    expect(other.menu_list.map((m) => m.menu_id)).not.toContain('firmwareCatalogue');
    const endUser = await registerAccount(server, 2, 'fwend');
    const user = data<{ menu_list: { menu_id: string }[] }>(
      await server.call(auth.login, { user_name: endUser.userName, pwd: endUser.password }),
    );
    expect(user.menu_list.map((m) => m.menu_id)).not.toContain('upgradeTasks');
  });

  it('adds series and models, refusing a series name twice (7000) and deleting a series with models (7001)', async () => {
    const name = unique('Hybrid');
    const { series_id } = data<{ series_id: number }>(
      await server.call(firmware.seriesAdd, { name }, operator),
    );
    expect(
      (await server.call(firmware.seriesAdd, { name: name.toUpperCase() }, operator)).body,
    ).toMatchObject({
      msg: '7000',
    });

    const modelName = unique('HX');
    const { model_id } = data<{ model_id: number }>(
      await server.call(
        firmware.modelAdd,
        { series_id, name: modelName, device_type: 1, parts: ['ARM', 'PCS'] },
        operator,
      ),
    );
    expectIssue(
      await server.call(
        firmware.modelAdd,
        { series_id, name: modelName.toLowerCase(), device_type: 1, parts: ['ARM'] },
        operator,
      ),
      'name',
      'validation.firmwareModelTaken',
    );
    expectIssue(
      await server.call(
        firmware.modelAdd,
        { series_id: 999_999, name: unique('HX'), device_type: 1, parts: ['ARM'] },
        operator,
      ),
      'series_id',
      'validation.invalidValue',
    );

    // two devices report the model, in another case
    const installer = await registerAccount(server, 1, 'fwdev');
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    await addDevice(server, installer.token, station.station_id, { model: modelName.toLowerCase() });
    await addDevice(server, installer.token, station.station_id, { model: modelName });

    const models = data<{ list: FirmwareModelItem[] }>(
      await server.call(firmware.modelList, { series_id }, operator),
    );
    expect(models.list).toEqual([
      expect.objectContaining({ model_id, name: modelName, parts: ['ARM', 'PCS'], devices: 2, files: 0 }),
    ]);
    const series = data<{ list: FirmwareSeriesItem[] }>(await server.call(firmware.seriesList, {}, operator));
    expect(series.list).toContainEqual(expect.objectContaining({ series_id, name, models: 1 }));

    expect((await server.call(firmware.seriesDel, { series_id }, operator)).body).toMatchObject({
      msg: '7001',
    });
    data(await server.call(firmware.modelDel, { model_id }, operator));
    data(await server.call(firmware.seriesDel, { series_id }, operator));
    const after = data<{ list: FirmwareSeriesItem[] }>(await server.call(firmware.seriesList, {}, operator));
    expect(after.list.map((s) => s.series_id)).not.toContain(series_id);
  });

  it('publishes a signed image, lists it newest first, refuses its name again (7004) and withdraws it', async () => {
    const { modelId, modelName } = await addSeriesAndModel();
    const bytes = image(10_000);
    const upload = await staged(bytes);
    expect(upload).toMatchObject({
      file_name: 'image.bin',
      size_bytes: 10_000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const name = unique('fw');
    const { file_id } = data<{ file_id: number }>(
      await server.call(
        firmware.fileAdd,
        fileBody(modelId, upload.upload_id, signImage(bytes, trusted.privateKey), { name }),
        operator,
      ),
    );
    const newer = await publish(modelId, image(), { version: 'V2.16.0' });

    const files = data<{ total: number; list: FirmwareFileItem[] }>(
      await server.call(firmware.fileList, { model_id: modelId }, operator),
    );
    expect(files.total).toBe(2);
    expect(files.list.map((f) => f.file_id)).toEqual([newer, file_id]);
    expect(files.list[1]).toMatchObject({
      name,
      model_name: modelName,
      part: 'ARM',
      version: 'V2.15.0',
      min_version: 'V2.0.0',
      size_bytes: 10_000,
      sha256: upload.sha256,
      key_id: JSON.parse(signImage(bytes, trusted.privateKey)).key_id,
      notes: { en: 'Faster MPPT tracking', pl: 'Szybsze śledzenie MPPT' },
      created_by: operatorAccount.userName,
    });

    // the name of a live file, in any case: 7004, and the upload stays for another try
    const again = await staged(bytes);
    const body = fileBody(modelId, again.upload_id, signImage(bytes, trusted.privateKey), {
      name: name.toUpperCase(),
    });
    expect((await server.call(firmware.fileAdd, body, operator)).body).toMatchObject({ msg: '7004' });

    // a model with files is not deleted, withdrawn ones included
    expect((await server.call(firmware.modelDel, { model_id: modelId }, operator)).body).toMatchObject({
      msg: '200701',
    });
    data(await server.call(firmware.fileDel, { file_id }, operator));
    const left = data<{ list: FirmwareFileItem[] }>(
      await server.call(firmware.fileList, { model_id: modelId }, operator),
    );
    expect(left.list.map((f) => f.file_id)).toEqual([newer]);
    data(await server.call(firmware.fileDel, { file_id: newer }, operator));
    expect((await server.call(firmware.modelDel, { model_id: modelId }, operator)).body).toMatchObject({
      msg: '200701',
    });
    // the withdrawn name is free again
    data(await server.call(firmware.fileAdd, { ...body, name }, operator));

    const logged = await queryParsed(
      server.database.db,
      z.object({ action: column.text, target: column.text }),
      sql`select action, target from operation_log where action like 'firmware_file_%' and target = ${name}`,
    );
    expect(logged.map((l) => l.action).sort()).toEqual([
      'firmware_file_add',
      'firmware_file_add',
      'firmware_file_del',
    ]);
  });

  it('refuses to withdraw a file an upgrade row still has to send (200701)', async () => {
    const { modelId } = await addSeriesAndModel();
    const fileId = await publish(modelId, image());
    const installer = await registerAccount(server, 1, 'fwtask');
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    const device = await addDevice(server, installer.token, station.station_id);
    const [task] = await queryParsed(
      server.database.db,
      z.object({ task_id: column.int }),
      sql`insert into upgrade_tasks (name, owner_id, model, device_type, files, start_at, canary_size, batch_size,
            failure_threshold_pct, counted_from)
          values ('t', ${installer.userId}, 'H-5000', 1, '[]'::jsonb, now(), 1, 10, 20, now()) returning task_id`,
    );
    await server.database.db.execute(
      sql`insert into upgrade_task_devices (task_id, device_id, station_id, position, stage, file_id, part, state)
          values (${task!.task_id}, ${device.device_id}, ${station.station_id}, 0, 0, ${fileId}, 'ARM', 'sent')`,
    );
    expect((await server.call(firmware.fileDel, { file_id: fileId }, operator)).body).toMatchObject({
      msg: '200701',
    });
    await server.database.db.execute(
      sql`update upgrade_task_devices set state = 'succeeded' where file_id = ${fileId}`,
    );
    data(await server.call(firmware.fileDel, { file_id: fileId }, operator));
  });

  it('refuses a file name that is no firmware image (240401) and keeps nothing of it', async () => {
    const before = stagedFiles().length;
    const answer = await uploadImage(server, operator, image(), 'notes.txt');
    expect(answer.body).toMatchObject({ code: 400, msg: '240401' });
    expect(stagedFiles()).toHaveLength(before);
  });

  it('stores an image once for two files of it', async () => {
    const { modelId } = await addSeriesAndModel();
    const bytes = image(20_000);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await publish(modelId, bytes, { part: 'ARM' });
    await publish(modelId, bytes, { part: 'DSP' });
    expect(blobs().filter((b) => b.name === sha256)).toHaveLength(1);
    expect(stagedFiles()).toEqual([]);
  });
});

describe('signatures', () => {
  let modelId: number;
  beforeAll(async () => {
    ({ modelId } = await addSeriesAndModel());
  });

  async function refusedAdd(bytes: Buffer, signature: string, overrides: Record<string, unknown> = {}) {
    const upload = await staged(bytes);
    return server.call(firmware.fileAdd, fileBody(modelId, upload.upload_id, signature, overrides), operator);
  }

  it('refuses a file without a signature, or with one that is no signature file', async () => {
    const bytes = image();
    expectIssue(await refusedAdd(bytes, ''), 'signature', 'validation.firmwareSignatureRequired');
    expectIssue(
      await refusedAdd(bytes, '{"format":"other"}'),
      'signature',
      'validation.firmwareSignatureInvalid',
    );
  });

  it('refuses an image changed after signing (one byte)', async () => {
    const bytes = image();
    const signature = signImage(bytes, trusted.privateKey);
    const tampered = Buffer.from(bytes);
    tampered[100] = (tampered[100]! + 1) % 256;
    expectIssue(await refusedAdd(tampered, signature), 'signature', 'validation.firmwareNotSigned');
    // a longer image with the same start is no more signed
    expectIssue(
      await refusedAdd(Buffer.concat([bytes, Buffer.from([0])]), signature),
      'signature',
      'validation.firmwareNotSigned',
    );
  });

  it('refuses an image signed with a key that is not in FIRMWARE_KEYS', async () => {
    const bytes = image();
    expectIssue(
      await refusedAdd(bytes, signImage(bytes, stranger.privateKey)),
      'signature',
      'validation.firmwareKeyUnknown',
    );
  });

  it('refuses a forged signature: the trusted key id over another key’s signature', async () => {
    const bytes = image();
    const forged = JSON.parse(signImage(bytes, stranger.privateKey));
    forged.key_id = JSON.parse(signImage(bytes, trusted.privateKey)).key_id;
    expectIssue(
      await refusedAdd(bytes, JSON.stringify(forged)),
      'signature',
      'validation.firmwareSignatureInvalid',
    );
    // and the trusted key's signature of other bytes, claimed for these
    const other = JSON.parse(signImage(image(), trusted.privateKey));
    const claimed = JSON.parse(signImage(bytes, trusted.privateKey));
    expectIssue(
      await refusedAdd(bytes, JSON.stringify({ ...claimed, signature: other.signature })),
      'signature',
      'validation.firmwareSignatureInvalid',
    );
  });

  it('refuses a part the model lacks and a minimum version above the version; the upload stays usable', async () => {
    const bytes = image();
    const signature = signImage(bytes, trusted.privateKey);
    const upload = await staged(bytes);
    const body = fileBody(modelId, upload.upload_id, signature);
    expectIssue(
      await server.call(firmware.fileAdd, { ...body, part: 'BMS' }, operator),
      'part',
      'validation.firmwarePartNotInModel',
    );
    expectIssue(
      await server.call(firmware.fileAdd, { ...body, min_version: 'V3.0' }, operator),
      'min_version',
      'validation.firmwareVersion',
    );
    data(await server.call(firmware.fileAdd, body, operator));
    // published: the upload is used up
    expectIssue(
      await server.call(firmware.fileAdd, { ...body, name: unique('fw') }, operator),
      'upload_id',
      'validation.firmwareUploadMissing',
    );
  });

  it('checks a signature only against the configured keys', () => {
    const bytes = image(10);
    expect(verifyFirmwareSignature([], JSON.parse(signImage(bytes, trusted.privateKey)))).toEqual({
      issue: 'validation.firmwareKeyUnknown',
    });
  });

  it('refuses to start with a malformed FIRMWARE_KEYS', () => {
    expect(() => loadConfig({ FIRMWARE_KEYS: `${trusted.publicKeyBase64},abc` })).toThrow(ConfigError);
    expect(() => loadConfig({ FIRMWARE_KEYS: 'AAAA' })).toThrow(/FIRMWARE_KEYS/);
    expect(loadConfig({}).firmwareKeys).toEqual([]);
    expect(loadConfig({ FIRMWARE_KEYS: ` ${trusted.publicKeyBase64} ` }).firmwareKeys).toHaveLength(1);
  });
});

describe('who may keep the catalogue', () => {
  let installer: Account;
  let endUser: Account;
  let demo: string;
  let modelId: number;
  let fileId: number;
  let uploadId: string;
  beforeAll(async () => {
    installer = await registerAccount(server, 1, 'fwno');
    endUser = await registerAccount(server, 2, 'fwno');
    demo = await server.login();
    ({ modelId } = await addSeriesAndModel());
    fileId = await publish(modelId, image());
    uploadId = (await staged(image())).upload_id;
  });

  const callsOf = () =>
    [
      [firmware.seriesList, {}],
      [firmware.seriesAdd, { name: unique('S') }],
      [firmware.seriesDel, { series_id: 1 }],
      [firmware.modelList, {}],
      [firmware.modelAdd, { series_id: 1, name: unique('M'), device_type: 1, parts: ['ARM'] }],
      [firmware.modelDel, { model_id: modelId }],
      [firmware.fileList, {}],
      [firmware.fileAdd, fileBody(modelId, uploadId, signImage(image(), trusted.privateKey))],
      [firmware.fileDel, { file_id: fileId }],
    ] as const;

  it('answers 9001 to installers and end users on every call and upload', async () => {
    for (const account of [installer, endUser]) {
      for (const [call, body] of callsOf()) {
        const answer = await server.call(call, body, account.token);
        expect(answer.body, call.path).toMatchObject({ code: 400, msg: '9001' });
      }
      const upload = await uploadImage(server, account.token, image());
      expect(upload.body).toMatchObject({ msg: '9001' });
    }
    // nothing changed: the file is still listed
    const files = data<{ list: FirmwareFileItem[] }>(
      await server.call(firmware.fileList, { model_id: modelId }, operator),
    );
    expect(files.list.map((f) => f.file_id)).toEqual([fileId]);
  });

  it('answers 9001 to the demo on every call, writes first of all', async () => {
    for (const [call, body] of callsOf()) {
      expect((await server.call(call, body, demo)).body, call.path).toMatchObject({ msg: '9001' });
    }
    expect((await uploadImage(server, demo, image())).body).toMatchObject({ msg: '9001' });
  });

  it('does not let another operator publish an operator’s upload', async () => {
    const second = await registerAccount(server, 1, 'fwop2');
    await makeOperator(server, second.userId);
    const bytes = image();
    const upload = await staged(bytes);
    const answer = await server.call(
      firmware.fileAdd,
      fileBody(modelId, upload.upload_id, signImage(bytes, trusted.privateKey)),
      second.token,
    );
    expectIssue(answer, 'upload_id', 'validation.firmwareUploadMissing');
    // its own upload works
    const own = await staged(bytes, second.token);
    data(
      await server.call(
        firmware.fileAdd,
        fileBody(modelId, own.upload_id, signImage(bytes, trusted.privateKey)),
        second.token,
      ),
    );
  });
});

describe('staging', () => {
  it('deletes uploads not published within an hour, row and file', async () => {
    const { modelId } = await addSeriesAndModel();
    const bytes = image();
    const upload = await staged(bytes);
    expect(stagedFiles()).toContain(upload.upload_id);
    await server.jobs.runAllNow();
    expect(stagedFiles()).toContain(upload.upload_id);

    server.clock.advance(61 * 60_000);
    await server.jobs.runAllNow();
    expect(stagedFiles()).not.toContain(upload.upload_id);
    const rows = await queryParsed(
      server.database.db,
      z.object({ upload_id: column.text }),
      sql`select upload_id from firmware_uploads where upload_id = ${upload.upload_id}`,
    );
    expect(rows).toEqual([]);
    expectIssue(
      await server.call(
        firmware.fileAdd,
        fileBody(modelId, upload.upload_id, signImage(bytes, trusted.privateKey)),
        operator,
      ),
      'upload_id',
      'validation.firmwareUploadMissing',
    );
  });
});

describe('download links', () => {
  const bytes = image(300_000);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let deviceId: number;
  let links: ReturnType<typeof firmwareLinks>;

  beforeAll(async () => {
    const { modelId } = await addSeriesAndModel();
    await publish(modelId, bytes);
    const installer = await registerAccount(server, 1, 'fwlink');
    const station = await addStation(server, installer.token, { installer_id: installer.userId });
    deviceId = (await addDevice(server, installer.token, station.station_id)).device_id;
    links = firmwareLinks({ db: server.database.db, clock: server.clock, baseUrl: `${server.url}/` });
  });

  const issue = (ttlMs?: number) => links.issue({ deviceId, sha256, sizeBytes: bytes.length, ttlMs });
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(url, { method, headers });
  const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it('serves the whole image, not to be cached', async () => {
    const url = await issue();
    expect(url).toMatch(new RegExp(`^${server.url}/firmware/download/[A-Za-z0-9_-]{43}$`));
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await body(response)).equals(bytes)).toBe(true);
  });

  it('serves a range, resumes from an offset and gives the last bytes', async () => {
    const url = await issue();
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect((await body(part)).equals(bytes.subarray(100, 200))).toBe(true);

    // a download broken at 123 456 bytes goes on from there
    const resumed = await get(url, { range: 'bytes=123456-' });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('content-length')).toBe(String(bytes.length - 123_456));
    const whole = Buffer.concat([bytes.subarray(0, 123_456), await body(resumed)]);
    expect(whole.equals(bytes)).toBe(true);

    const tail = await get(url, { range: 'bytes=-500' });
    expect(tail.status).toBe(206);
    expect((await body(tail)).equals(bytes.subarray(bytes.length - 500))).toBe(true);

    const head = await get(url, { range: 'bytes=0-9' }, 'HEAD');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('10');
    expect((await body(head)).length).toBe(0);
  });

  it('answers 416 for a range beyond the image', async () => {
    const url = await issue();
    const response = await get(url, { range: `bytes=${bytes.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('answers a bare 404 for an unknown or expired link, and forgets expired links', async () => {
    const unknown = await get(`${server.url}/firmware/download/${randomBytes(32).toString('base64url')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Not found');

    const url = await issue(60_000);
    expect((await get(url, {}, 'HEAD')).status).toBe(200);
    server.clock.advance(61_000);
    const expired = await get(url);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toBe('Not found');

    await server.jobs.runAllNow();
    const [left] = await queryParsed(
      server.database.db,
      z.object({ n: column.int }),
      sql`select count(*) as n from firmware_links where expires_at <= ${server.clock.now().toISOString()}::timestamptz`,
    );
    expect(left?.n).toBe(0);
  });
});

describe('byteRangeOf', () => {
  it('reads one range of bytes, ignoring what it does not take', () => {
    expect(byteRangeOf(undefined, 100)).toEqual({ kind: 'whole' });
    expect(byteRangeOf('bytes=0-0', 100)).toEqual({ kind: 'part', start: 0, end: 0 });
    expect(byteRangeOf('bytes=90-200', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(byteRangeOf('bytes=-200', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(byteRangeOf('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=5-1', 100)).toEqual({ kind: 'whole' });
    expect(byteRangeOf('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(byteRangeOf('items=0-1', 100)).toEqual({ kind: 'whole' });
  });
});

describe('npm run firmware:sign', () => {
  it('makes a key pair and a signature file the portal verifies with the printed public key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'helio-sign-'));
    try {
      const script = fileURLToPath(new URL('../src/firmware-sign.ts', import.meta.url));
      const run = (...args: string[]) =>
        // as npm runs it: from the repository, with the operator's folder in INIT_CWD
        execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
          cwd: fileURLToPath(new URL('../../../', import.meta.url)),
          env: { ...process.env, INIT_CWD: dir },
          encoding: 'utf8',
        });
      const printed = run('keygen', 'keys').trim().split('\n');
      const publicKey = printed.at(-1)!;
      expect(statSync(path.join(dir, 'keys', 'firmware-signing.key')).mode & 0o777).toBe(0o600);
      const bytes = image(70_000);
      writeFileSync(path.join(dir, 'v2.bin'), bytes);
      const signed = run('sign', '--key', 'keys/firmware-signing.key', 'v2.bin');
      const signature = parseFirmwareSignature(readFileSync(path.join(dir, 'v2.bin.sig'), 'utf8'))!;
      expect(signature).toMatchObject({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size_bytes: 70_000,
      });
      expect(signed).toContain(signature.sha256);
      const keys = parseFirmwareKeys(publicKey);
      expect(verifyFirmwareSignature(keys, signature)).toEqual({ keyId: signature.key_id });
      expect(verifyFirmwareSignature(parseFirmwareKeys(trusted.publicKeyBase64), signature)).toEqual({
        issue: 'validation.firmwareKeyUnknown',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a streamed upload', () => {
  const post = (bytes: Buffer, fileName: string, token = operator) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
    return fetch(`${server.url}/${smallUpload.path}`, { method: 'POST', headers: { token }, body: form });
  };
  const written = () => {
    const root = path.join(server.dataDir, 'small', 'staging');
    return existsSync(root) ? readdirSync(root) : [];
  };

  it('hands the file to its handler as it streams, up to its limit', async () => {
    const bytes = image(1000);
    const response = await post(bytes, 'dir/up.bin');
    const answer = (await response.json()) as {
      data: { size_bytes: number; sha256: string; file_name: string };
    };
    expect(answer.data).toMatchObject({
      size_bytes: 1000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_name: expect.stringMatching(/^up\.bin:\d+$/),
    });
  });

  it('refuses a file over the limit with 413 and keeps nothing of it', async () => {
    const before = written().length;
    // over the limit in its first chunk, and after many
    for (const size of [50_000, 2_000_000]) {
      const response = await post(image(size), 'big.bin');
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 400, msg: '200005' });
    }
    expect(written()).toHaveLength(before);
  });

  it('answers a refusal made before the file is read', async () => {
    const response = await post(image(900), 'refuse.bin');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ msg: '9001' });
  });
});
