import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allUploads, type StationItem, station } from '@helio/contracts';
import { queryRows } from '@helio/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount, uniqueName } from './support/accounts.ts';
import { addStation, stationForm } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** bg/station/photo (multipart) and GET photos/<id>. */
let server: TestServer;
let dataDir: string;
let installer: Account;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'helio-photos-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  installer = await registerAccount(server, 1, 'photographer');
});
afterAll(() => server.close());

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR…'),
]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF…')]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 …')]);

type Answer = {
  status: number;
  body: { code: number; msg: string; data?: { photo_id: string; photo_url: string } };
};

/** POSTs a multipart form with one file (or the given form) to the upload path. */
async function upload(
  bytes: Buffer | FormData,
  options: { token?: string | null; name?: string; type?: string; field?: string } = {},
): Promise<Answer> {
  let form: FormData;
  if (bytes instanceof FormData) form = bytes;
  else {
    form = new FormData();
    const file = new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' });
    form.append(options.field ?? 'file', file, options.name ?? 'photo.bin');
  }
  const token = options.token === undefined ? installer.token : options.token;
  const response = await fetch(`${server.url}/${station.photo.path}`, {
    method: 'POST',
    headers: token ? { token } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

describe('bg/station/photo', () => {
  it.each([
    ['PNG', png, 'png', 'image/png'],
    ['JPEG', jpeg, 'jpg', 'image/jpeg'],
    ['WebP', webp, 'webp', 'image/webp'],
  ])('keeps a %s under a random name and serves it with its type', async (_label, bytes, extension, type) => {
    const answer = await upload(bytes as Buffer, { name: 'holiday.gif', type: 'text/html' });
    expect(answer.body.code).toBe(1);
    const { photo_id, photo_url } = answer.body.data!;
    expect(photo_id).toMatch(new RegExp(`^[0-9a-f]{32}\\.${extension}$`));
    expect(photo_url).toBe(`/photos/${photo_id}`);
    expect(readdirSync(path.join(dataDir, 'photos'))).toContain(photo_id);
    const served = await fetch(`${server.url}${photo_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['text named like a photo', Buffer.from('hello, not an image'), 'photo.jpg', 'image/jpeg'],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    ],
    ['GIF', Buffer.from('GIF89a……'), 'a.gif', 'image/gif'],
    ['HTML', Buffer.from('<html><body>hi</body></html>'), 'a.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'a.png', 'image/png'],
  ])('refuses %s with 240401, keeping nothing', async (_label, bytes, name, type) => {
    const before = readdirSync(dataDir).includes('photos')
      ? readdirSync(path.join(dataDir, 'photos')).length
      : 0;
    const answer = await upload(bytes, { name, type });
    expect(answer.body).toMatchObject({ code: 400, msg: '240401' });
    const after = readdirSync(dataDir).includes('photos')
      ? readdirSync(path.join(dataDir, 'photos')).length
      : 0;
    expect(after).toBe(before);
  });

  it('takes 5 MB and refuses one byte more with 200005', async () => {
    const limit = station.photo.maxBytes;
    const atLimit = Buffer.concat([png, Buffer.alloc(limit - png.length)]);
    expect((await upload(atLimit)).body.code).toBe(1);
    const over = await upload(Buffer.concat([atLimit, Buffer.alloc(1)]));
    expect(over.body.msg).toBe('200005');
    expect(over.status).toBe(413);
  });

  it('never uses the client’s file name', async () => {
    const answer = await upload(png, { name: '../../../etc/passwd.png' });
    expect(answer.body.data!.photo_id).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(readdirSync(dataDir)).not.toContain('etc');
  });

  it('answers 200003 without a file, 200005 for a file in another field', async () => {
    const noFile = new FormData();
    noFile.append('note', 'just text');
    expect((await upload(noFile)).body.msg).toBe('200003');
    expect((await upload(png, { field: 'image' })).body.msg).toBe('200005');
    const json = await server.post(station.photo.path, { file: 'aGVsbG8=' }, { token: installer.token });
    expect(json.body.msg).toBe('200003');
  });

  it('needs a token (1000) and is a write: the demo account is refused (9001)', async () => {
    expect((await upload(png, { token: null })).body.msg).toBe('1000');
    expect((await upload(png, { token: await server.login() })).body.msg).toBe('9001');
  });

  it('is described in the OpenAPI document as a multipart upload', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
    };
    const operation = document.paths[`/${station.photo.path}`]!.post;
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(document.paths['/api/station/list']).toBeDefined();
  });

  it('is, with the other uploads, the only route that parses multipart: a JSON call refuses it with 200005', async () => {
    const form = new FormData();
    form.append('user_name', 'demo');
    form.append('pwd', 'demo123');
    const response = await fetch(`${server.url}/api/user/login`, { method: 'POST', body: form });
    expect(((await response.json()) as { msg: string }).msg).toBe('200005');
    expect(server.calls.registeredUploads).toEqual(new Set(allUploads.map((upload) => upload.path)));
  });
});

describe('GET photos/<photo_id>', () => {
  it('is the capability a station answers as photo_url; unknown and malformed ids are 404', async () => {
    const { photo_id } = (await upload(jpeg)).body.data!;
    const created: StationItem = await addStation(server, installer.token, {
      installer_id: installer.userId,
      photo_id,
    });
    expect(created.photo_url).toBe(`/photos/${photo_id}`);
    const detail = await server.call(
      station.stationDetail,
      { station_id: created.station_id },
      installer.token,
    );
    expect((detail.body.data as StationItem).photo_id).toBe(photo_id);
    // no token needed: an <img> cannot send one
    expect((await fetch(`${server.url}${created.photo_url}`)).status).toBe(200);
    for (const id of [
      `${'0'.repeat(32)}.jpg`,
      'photo.jpg',
      '..%2F..%2Fpackage.json',
      `${photo_id.slice(0, -3)}png`,
    ]) {
      const missing = await fetch(`${server.url}/photos/${id}`);
      expect(missing.status, id).toBe(404);
    }
  });
});

describe('a station’s photo belongs to the tree that uploaded it', () => {
  let other: Account;
  beforeAll(async () => {
    other = await registerAccount(server, 1, 'other_photographer');
  });

  const photoOf = async (token: string) => (await upload(png, { token })).body.data!.photo_id;
  const detailOf = async (stationId: number, token: string) =>
    (await server.call(station.stationDetail, { station_id: stationId }, token)).body.data as StationItem;

  it('another tenant’s photo is refused with 9001 on edit and on add, and nothing changes', async () => {
    const theirs = await photoOf(other.token);
    const mine = await photoOf(installer.token);
    const created = await addStation(server, installer.token, {
      installer_id: installer.userId,
      photo_id: mine,
    });

    const renamed = uniqueName('Renamed');
    const edit = await server.call(
      station.edit,
      {
        ...stationForm({ station_name: renamed, installer_id: installer.userId, photo_id: theirs }),
        station_id: created.station_id,
      },
      installer.token,
    );
    expect(edit.body).toMatchObject({ code: 400, msg: '9001' });
    const unchanged = await detailOf(created.station_id, installer.token);
    expect(unchanged).toMatchObject({ station_name: created.station_name, photo_id: mine });
    expect(unchanged.updated_at).toBe(created.updated_at);

    const named = uniqueName('Stolen photo');
    const added = await server.call(
      station.add,
      stationForm({ station_name: named, installer_id: installer.userId, photo_id: theirs }),
      installer.token,
    );
    expect(added.body).toMatchObject({ code: 400, msg: '9001' });
    const [stored] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from stations where station_name = ${named}`,
    );
    expect(stored!.n).toBe(0);

    // the caller's own photos do
    const another = await photoOf(installer.token);
    const mineAgain = await server.call(
      station.edit,
      {
        ...stationForm({ station_name: renamed, installer_id: installer.userId, photo_id: another }),
        station_id: created.station_id,
      },
      installer.token,
    );
    expect(mineAgain.body.code).toBe(1);
    expect(mineAgain.body.data).toMatchObject({
      station_name: renamed,
      photo_id: another,
      photo_url: `/photos/${another}`,
    });
  });

  it('photos of accounts in one’s tree may be used, and a station keeps its own photo whoever uploaded it', async () => {
    const sub = await createAccount(server, installer, 1, undefined, 'sub_photographer');
    const owner = await createAccount(server, installer, 2, undefined, 'photo_owner');
    // the installer uses its sub-installer's photo
    const subs = await photoOf(sub.token);
    const created = await addStation(server, installer.token, {
      installer_id: installer.userId,
      end_user_id: owner.userId,
      photo_id: subs,
    });
    expect(created.photo_id).toBe(subs);
    // the end user edits its station with the photo it has (uploaded above it)
    const form = {
      ...stationForm({ installer_id: installer.userId, end_user_id: owner.userId, photo_id: subs }),
      station_id: created.station_id,
    };
    const kept = await server.call(station.edit, form, owner.token);
    expect(kept.body.code).toBe(1);
    expect(kept.body.data).toMatchObject({ photo_id: subs });
    // but not another photo of its installer's, nor one the sub-installer's scope does not hold
    const installers = await photoOf(installer.token);
    const refused = await server.call(station.edit, { ...form, photo_id: installers }, owner.token);
    expect(refused.body.msg).toBe('9001');
    expect((await detailOf(created.station_id, owner.token)).photo_id).toBe(subs);
    expect(
      (
        await server.call(
          station.add,
          stationForm({ installer_id: sub.userId, photo_id: installers }),
          sub.token,
        )
      ).body.msg,
    ).toBe('9001');
  });
});
