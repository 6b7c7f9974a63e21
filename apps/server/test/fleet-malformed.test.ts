import { allCalls, isErrorCode } from '@helio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, registerAccount } from './support/accounts.ts';
import { addDevice, addStation, deviceForm, stationForm } from './support/fleet.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * malformed.test.ts walks every call as the demo account, whose writes stop at 9001. Here the
 * station and device calls are walked by an installer that may write: a valid body with one field
 * at a time replaced by every wrong value still answers a catalogue code, never a 5xx.
 */
let server: TestServer;
let installer: Account;
const bases = new Map<string, Record<string, unknown>>();
beforeAll(async () => {
  server = await startTestServer();
  installer = await registerAccount(server, 1, 'walker');
  const endUser = await createAccount(server, installer, 2);
  const target = await addStation(server, installer.token, { end_user_id: endUser.userId });
  const registered = await addDevice(server, installer.token, target.station_id);
  const ids = { station_id: target.station_id, device_id: registered.device_id };
  for (const call of fleetCalls) bases.set(call.path, { ...ids });
  bases.set('bg/station/add', stationForm({ end_user_id: endUser.userId }));
  bases.set('bg/station/edit', { ...target });
  bases.set('api/device/add', deviceForm(target.station_id));
  bases.set('api/station/bind', { ...ids, installer_id: installer.userId, end_user_id: endUser.userId });
  bases.set('api/station/unbind', { ...ids, which: 'installer' });
  bases.set('api/station/list/columns', { columns: ['station_name'] });
});
afterAll(() => server.close());

const fleetCalls = allCalls.filter((call) => call.domain === 'station' || call.domain === 'device');
/** Wrong types, and values too big for their column (ids beyond PostgreSQL's integer, huge prices). */
const wrongValues = [
  123,
  -1.5,
  'text',
  '',
  true,
  null,
  [],
  {},
  ['x'],
  'x'.repeat(10_000),
  1e300,
  '1e3',
  '0x10',
  9_999_999_999,
  '99999999999999',
  Number.MAX_SAFE_INTEGER,
];

describe.each(fleetCalls.map((call) => [call.path] as const))('%s with one wrong field at a time', (path) => {
  it('answers catalogue codes, never 5xx', async () => {
    const base = bases.get(path)!;
    const fields = new Set([...Object.keys(base), 'keyword', 'page', 'page_size', 'sort_by', 'status']);
    for (const field of fields) {
      for (const value of wrongValues) {
        const answer = await server.post(path, { ...base, [field]: value }, { token: installer.token });
        const label = `${field}=${JSON.stringify(value).slice(0, 20)}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(isErrorCode(answer.body.msg) || answer.body.msg === '0000', label).toBe(true);
      }
    }
  });
});
