import { randomUUID } from 'node:crypto';
import { DeviceType, StationType } from '@helio/contracts';
import { commandTopic, decodeUp, type ReplyMessage, selfTestNames } from '@helio/contracts/device-link';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCounters } from '../src/devices/link.ts';
import { tripTolerance } from '../src/devices/self-test.ts';
import type { VirtualDevice } from '../src/devices/virtual-device.ts';
import { startFleet } from '../src/runtime/fleet.ts';
import type { StationSimulation } from '../src/runtime/station.ts';
import { TimerWheel } from '../src/runtime/wheel.ts';
import { startBareBroker } from './support/broker.ts';
import { eventually, type Traced } from './support/portal.ts';
import { sampleStation } from './support/stations.ts';

/**
 * The remote console's commands against simulated devices on a bare broker: the device keeps its
 * values, refuses a change whole, reconnects on a new network, reports faster while debugging,
 * reports its self-test stage by stage, and keeps its values across a restart.
 */

const fastTiming = { workMs: 20, stepMs: 60, rebootMs: 300 };

let broker: Awaited<ReturnType<typeof startBareBroker>>;
let portal: MqttClient;

beforeAll(async () => {
  broker = await startBareBroker();
  portal = await mqtt.connectAsync(broker.url, { clientId: `portal-${randomUUID()}`, protocolVersion: 4 });
});
afterAll(async () => {
  await portal?.endAsync();
  await broker?.close();
});

/** A station of `stationType` whose devices are on the bare broker with fast commands, every message traced. */
async function onAir(
  stationType: StationType,
  index: number,
  options: { selfTestFailureRate?: number; place?: string; types?: DeviceType[] } = {},
) {
  const station = sampleStation(stationType, {
    index,
    place: options.place ?? 'milan',
    startMs: Date.now() - 3_600_000,
    types: options.types,
  });
  const wheel = new TimerWheel();
  const traced: Traced[] = [];
  const link = {
    brokerUrl: broker.url,
    wheel,
    now: () => Date.now(),
    intervalS: 60,
    faultRate: 0,
    upgradeFailureRate: 0,
    selfTestFailureRate: options.selfTestFailureRate ?? 0,
    timing: fastTiming,
    counters: emptyCounters(),
    trace: (sn: string, kind: string, payload: string) =>
      traced.push({ sn, kind, message: JSON.parse(payload) as Record<string, unknown> }),
  };
  for (const device of station.devices) device.attach(link);
  await Promise.all(station.devices.map((device) => device.connect()));
  await Promise.all(station.devices.map((device) => device.drained()));
  const deviceOf = (deviceType: DeviceType) =>
    station.devices.find((device) => device.deviceType === deviceType) as VirtualDevice;

  /** Sends a command (again, with `id`), answering its id. */
  async function send(
    device: VirtualDevice,
    name: string,
    params: Record<string, unknown> = {},
    id: string = randomUUID(),
  ): Promise<string> {
    const now = Date.now();
    const command = { v: 1, id, ts: now, expires_at: now + 3_600_000, name, params };
    await portal.publishAsync(commandTopic(device.sn), JSON.stringify(command), { qos: 1 });
    return id;
  }
  /** The replies to `id` so far, each checked against the protocol's schema. */
  function replies(id: string): ReplyMessage[] {
    return traced
      .filter((entry) => entry.kind === 'reply' && entry.message.id === id)
      .map((entry) => {
        const decoded = decodeUp(DeviceType.inverter, 'reply', JSON.stringify(entry.message));
        if (!decoded.ok || decoded.message.kind !== 'reply') throw new Error(`not a reply: ${decoded.ok}`);
        return decoded.message.message;
      });
  }
  /** Sends a command and waits for its final reply; answers every reply. */
  async function run(
    device: VirtualDevice,
    name: string,
    params: Record<string, unknown> = {},
  ): Promise<ReplyMessage[]> {
    const id = await send(device, name, params);
    return eventually(() => {
      const all = replies(id);
      expect(['succeeded', 'failed']).toContain(all.at(-1)?.state);
      return all;
    });
  }
  async function close() {
    await Promise.all(station.devices.map((device) => device.disconnect()));
    wheel.stop();
  }
  return { station, link, wheel, traced, deviceOf, send, replies, run, close };
}

describe('read and settings', () => {
  it('read answers every current value', async () => {
    const air = await onAir(StationType.residentialEss, 1);
    const inverter = air.deviceOf(DeviceType.inverter);
    const replies = await air.run(inverter, 'read');
    expect(replies.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    expect(replies.at(-1)!.values).toEqual(inverter.parameters.values());
    expect(replies.at(-1)!.values).toMatchObject({ grid_standard: 'CEI_0_21', report_interval_s: '60' });
    await air.close();
  });

  it('refuses a change with one value above the rating whole: nothing changes, the plant neither', async () => {
    const air = await onAir(StationType.residentialEss, 2);
    const inverter = air.deviceOf(DeviceType.inverter);
    const values = inverter.parameters.values();
    const plant = structuredClone(air.station.plant.config);
    const replies = await air.run(inverter, 'settings', {
      active_power_pct: 50,
      export_limit_enabled: true,
      export_limit_w: 1_000_000,
    });
    expect(replies.at(-1)).toMatchObject({
      state: 'failed',
      error: 'refused',
      message: 'parameter refused: export_limit_w (validation.aboveRating)',
    });
    expect(inverter.parameters.values()).toEqual(values);
    expect(air.station.plant.config).toEqual(plant);
    // the battery's plant names are not the device's parameters
    expect((await air.run(inverter, 'settings', { battery_mode: 'time_of_use' })).at(-1)).toMatchObject({
      state: 'failed',
      error: 'refused',
      message: 'parameter refused: battery_mode (validation.settingUnknown)',
    });
    await air.close();
  });

  it('applies a change: the values, the plant, and the reply with every value; the same id runs once', async () => {
    const air = await onAir(StationType.residentialEss, 3);
    const inverter = air.deviceOf(DeviceType.inverter);
    const id = await air.send(inverter, 'settings', {
      export_limit_enabled: true,
      export_limit_w: 1200,
      charge_1_start: '01:00',
      charge_1_end: '05:00',
      charge_stop_soc_pct: 80,
    });
    const replies = await eventually(() => {
      const all = air.replies(id);
      expect(all.at(-1)?.state).toBe('succeeded');
      return all;
    });
    expect(replies.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    expect(replies.at(-1)!.values).toMatchObject({ export_limit_w: 1200, charge_1_start: '01:00' });
    expect(air.station.plant.config).toMatchObject({ exportLimitW: 1200 });
    expect(air.station.plant.config.battery).toMatchObject({
      maxSocPct: 80,
      slots: [{ kind: 'charge', startMin: 60, endMin: 300 }],
    });
    const commands = air.link.counters.commands;
    await air.send(inverter, 'settings', { export_limit_w: 900 }, id);
    await eventually(() => expect(air.replies(id).length).toBe(3));
    expect(air.replies(id).at(-1)!.state).toBe('succeeded');
    expect(air.link.counters.commands).toBe(commands);
    expect(inverter.parameters.values().export_limit_w).toBe(1200);
    await air.close();
  });

  it('report_interval_s changes the interval the device reports at and announces', async () => {
    const air = await onAir(StationType.onGrid, 4);
    const inverter = air.deviceOf(DeviceType.inverter);
    expect((await air.run(inverter, 'settings', { report_interval_s: '120' })).at(-1)!.state).toBe(
      'succeeded',
    );
    expect(inverter.intervalAt(Date.now())).toBe(120);
    // the station reads it every 120 s, its other devices every 60 s
    const first = air.station.nextTickAfter(Date.now() - 600_000, 120);
    air.station.tick(first, true);
    air.station.tick(first + 60_000, true);
    air.station.tick(first + 120_000, true);
    const meter = air.deviceOf(DeviceType.meter);
    await Promise.all([inverter.drained(), meter.drained()]);
    const sent = (device: VirtualDevice) =>
      air.traced
        .filter(
          (entry) => entry.sn === device.sn && (entry.kind === 'telemetry' || entry.kind === 'backfill'),
        )
        .map((entry) => entry.message);
    const readingsOf = (device: VirtualDevice) =>
      sent(device).flatMap((message) => (Array.isArray(message.readings) ? message.readings : [message]));
    expect(sent(inverter).map((message) => message.interval_s)).toEqual(sent(inverter).map(() => 120));
    expect(readingsOf(inverter).map((reading) => reading.ts)).toEqual([first, first + 120_000]);
    expect(readingsOf(meter)).toHaveLength(3);
    await air.close();
  });
});

describe('strategy', () => {
  it('refuses a strategy whole, naming every refused param: nothing changes, the plant neither', async () => {
    const air = await onAir(StationType.residentialEss, 11);
    const inverter = air.deviceOf(DeviceType.inverter);
    await air.run(inverter, 'settings', { charge_1_start: '01:00', charge_1_end: '05:00' });
    const values = inverter.parameters.values();
    const plant = structuredClone(air.station.plant.config);
    const replies = await air.run(inverter, 'strategy', {
      mode: 'peak_shaving',
      max_soc_pct: 120,
      charge_1_start: '05:00',
      charge_1_end: '03:00',
      discharge_1_power_w: 1_000_000,
      days: '7',
    });
    expect(replies.map((reply) => reply.state)).toEqual(['acknowledged', 'failed']);
    expect(replies.at(-1)).toMatchObject({ error: 'refused' });
    const message = replies.at(-1)!.message!;
    expect(message).toMatch(/^parameter refused: /);
    for (const field of ['max_soc_pct', 'charge_1_end', 'discharge_1_power_w', 'max_grid_w'])
      expect(message).toContain(field);
    expect(message).toContain('discharge_1_power_w (validation.aboveRating)');
    expect(message).not.toContain('days');
    expect(inverter.parameters.values()).toEqual(values);
    expect(air.station.plant.config).toEqual(plant);
    await air.close();
  });

  it('runs a valid strategy instead of the slots; unsupported without a battery', async () => {
    const air = await onAir(StationType.residentialEss, 12);
    const inverter = air.deviceOf(DeviceType.inverter);
    await air.run(inverter, 'settings', { charge_1_start: '01:00', charge_1_end: '05:00' });
    expect(air.station.plant.config.battery?.slots).toHaveLength(1);
    const replies = await air.run(inverter, 'strategy', {
      mode: 'time_of_use',
      grid_charge: true,
      charge_1_start: '02:00',
      charge_1_end: '04:00',
      charge_1_power_w: 1000,
    });
    expect(replies.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    expect(air.station.plant.config.battery).toMatchObject({
      slots: [],
      strategy: {
        mode: 'time_of_use',
        gridCharge: true,
        slots: [{ startMin: 120, endMin: 240, powerW: 1000 }],
      },
    });
    // the device that took it turns its own slots off
    expect(inverter.parameters.values()).toMatchObject({ charge_1_start: '00:00', charge_1_end: '00:00' });
    // a battery module does not run its site's battery (the inverter does)
    expect(
      (await air.run(air.deviceOf(DeviceType.battery), 'strategy', { mode: 'cut_off' })).at(-1),
    ).toMatchObject({ state: 'failed', error: 'unsupported' });
    // the latest wins; settings slots written later end it
    const latest = await air.run(inverter, 'strategy', { mode: 'cut_off', min_soc_pct: 30 });
    expect(latest.at(-1)!.state).toBe('succeeded');
    expect(air.station.plant.config.battery?.strategy).toMatchObject({ mode: 'cut_off', minSocPct: 30 });
    await air.run(inverter, 'settings', { discharge_1_start: '17:00', discharge_1_end: '21:00' });
    expect(air.station.plant.config.battery?.strategy).toBeUndefined();
    expect(
      (await air.run(air.deviceOf(DeviceType.meter), 'strategy', { mode: 'cut_off' })).at(-1),
    ).toMatchObject({ state: 'failed', error: 'unsupported' });
    await air.close();
  });
});

describe('network, debug and system', () => {
  it('network: drops the connection, comes back on the new address and then says so', async () => {
    const air = await onAir(StationType.onGrid, 5);
    const inverter = air.deviceOf(DeviceType.inverter);
    const config = {
      dhcp: false,
      ip: '192.168.7.20',
      mask: '255.255.255.0',
      gateway: '192.168.7.1',
      dns: '192.168.7.1',
    };
    const replies = await air.run(inverter, 'network', config);
    expect(replies.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    expect(replies.at(-1)!.values).toMatchObject({
      net_dhcp: false,
      net_ip: '192.168.7.20',
      net_gateway: '192.168.7.1',
    });
    const mine = air.traced.filter((entry) => entry.sn === inverter.sn);
    const states = mine.filter((entry) => entry.kind === 'status').map((entry) => entry.message.state);
    expect(states).toEqual(['online', 'offline', 'online']);
    // online again before the outcome
    const lastOnline = mine.findLastIndex((entry) => entry.kind === 'status');
    expect(lastOnline).toBeLessThan(mine.findIndex((entry) => entry.message.state === 'succeeded'));
    // static without its mask: refused; a battery has no network settings
    expect((await air.run(inverter, 'network', { dhcp: false, ip: '192.168.7.21' })).at(-1)).toMatchObject({
      state: 'failed',
      error: 'refused',
    });
    expect(inverter.parameters.values().net_ip).toBe('192.168.7.20');
    expect((await air.run(air.deviceOf(DeviceType.meter), 'network', { dhcp: true })).at(-1)).toMatchObject({
      state: 'failed',
      error: 'unsupported',
    });
    await air.close();
  });

  it('debug: faster reporting for a while, busy while it runs, stop at once; meters and batteries cannot', async () => {
    const air = await onAir(StationType.residentialEss, 6);
    const inverter = air.deviceOf(DeviceType.inverter);
    for (const type of [DeviceType.battery, DeviceType.meter]) {
      expect(
        (await air.run(air.deviceOf(type), 'debug', { action: 'start', interval_s: 10, duration_s: 60 })).at(
          -1,
        ),
      ).toMatchObject({
        state: 'failed',
        error: 'unsupported',
        message: 'cannot switch debugging',
      });
    }
    expect(
      (await air.run(inverter, 'debug', { action: 'start', interval_s: 10, duration_s: 600 })).at(-1)!.state,
    ).toBe('succeeded');
    expect(inverter.intervalAt(Date.now())).toBe(10);
    // the station now ticks on the 10 s grid for it
    const now = Date.now();
    expect(air.station.nextReadingAfter(now, 60) - now).toBeLessThanOrEqual(10_000);
    expect(
      (await air.run(inverter, 'debug', { action: 'start', interval_s: 5, duration_s: 60 })).at(-1),
    ).toMatchObject({
      state: 'failed',
      error: 'busy',
    });
    expect((await air.run(inverter, 'debug', { action: 'stop' })).at(-1)!.state).toBe('succeeded');
    expect(inverter.intervalAt(Date.now())).toBe(60);
    // a short session ends by itself
    await air.run(inverter, 'debug', { action: 'start', interval_s: 10, duration_s: 0.2 });
    expect(inverter.intervalAt(Date.now())).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(inverter.intervalAt(Date.now())).toBe(60);
    await air.close();
  });

  it('sync_clock sets the zone with no offset; restore_defaults brings every value and the plant back', async () => {
    const air = await onAir(StationType.residentialEss, 7);
    const inverter = air.deviceOf(DeviceType.inverter);
    const defaults = inverter.parameters.values();
    const synced = await air.run(inverter, 'sync_clock', { ts: Date.now(), time_zone: 'Europe/Rome' });
    expect(synced.at(-1)).toMatchObject({
      state: 'succeeded',
      values: { time_zone: 'Europe/Rome', clock_offset_s: 0 },
    });
    expect(
      (await air.run(inverter, 'sync_clock', { ts: Date.now(), time_zone: 'Mars/Olympus' })).at(-1),
    ).toMatchObject({
      state: 'failed',
      error: 'refused',
    });
    await air.run(inverter, 'settings', {
      export_limit_enabled: true,
      export_limit_w: 500,
      active_power_pct: 60,
    });
    expect(air.station.plant.config).toMatchObject({ exportLimitW: 500, activePowerPct: 60 });
    const restored = await air.run(inverter, 'restore_defaults');
    expect(restored.at(-1)).toMatchObject({ state: 'succeeded', values: defaults });
    expect(air.station.plant.config.exportLimitW).toBeUndefined();
    expect(air.station.plant.config.activePowerPct).toBe(100);
    await air.close();
  });

  it('a restart keeps the values', async () => {
    const air = await onAir(StationType.onGrid, 8);
    const inverter = air.deviceOf(DeviceType.inverter);
    await air.run(inverter, 'settings', {
      active_power_pct: 70,
      reactive_mode: 'fixed_pf',
      power_factor: 0.9,
    });
    expect((await air.run(inverter, 'restart')).at(-1)!.state).toBe('succeeded');
    const read = await air.run(inverter, 'read');
    expect(read.at(-1)!.values).toMatchObject({
      active_power_pct: 70,
      reactive_mode: 'fixed_pf',
      power_factor: 0.9,
    });
    await air.close();
  });
});

describe('self-test', () => {
  it('reports every stage against the protection values: progress, then succeeded with the report', async () => {
    const air = await onAir(StationType.onGrid, 9);
    const inverter = air.deviceOf(DeviceType.inverter);
    const values = inverter.parameters.values();
    const replies = await air.run(inverter, 'self_test');
    expect(replies.map((reply) => reply.state)).toEqual([
      'acknowledged',
      'progress',
      'progress',
      'progress',
      'succeeded',
    ]);
    expect(replies.filter((reply) => reply.state === 'progress').map((reply) => reply.progress_pct)).toEqual([
      25, 50, 75,
    ]);
    const report = replies.at(-1)!.report!;
    expect(report.map((row) => row.test)).toEqual([...selfTestNames]);
    for (const row of report) {
      const threshold = values[`${row.test}_${row.test[1] === 'v' ? 'v' : 'hz'}`];
      expect(row.limit, row.test).toBe(threshold);
      expect(row.limit_s, row.test).toBe(values[`${row.test}_s`]);
      expect(Math.abs(row.measured - row.limit), row.test).toBeLessThanOrEqual(
        tripTolerance(row.test, row.limit),
      );
      expect(row.trip_s, row.test).toBeLessThanOrEqual(row.limit_s);
      expect(row.trip_s, row.test).toBeGreaterThan(0);
      expect(row.pass).toBe(true);
    }
    await air.close();
  });

  it('with a failing stage the test fails, the report attached and the stage named', async () => {
    const air = await onAir(StationType.onGrid, 10, { selfTestFailureRate: 1 });
    const inverter = air.deviceOf(DeviceType.inverter);
    const last = (await air.run(inverter, 'self_test')).at(-1)!;
    expect(last.state).toBe('failed');
    const failing = last.report!.filter((row) => !row.pass);
    expect(failing).toHaveLength(1);
    expect(last.message).toContain(`self-test failed: ${failing[0]!.test} tripped`);
    expect(last.report).toHaveLength(8);
    await air.close();
  });

  it('a device without grid protection cannot run it; a stopping fault fails it', async () => {
    const air = await onAir(StationType.residentialEss, 11);
    expect((await air.run(air.deviceOf(DeviceType.battery), 'self_test')).at(-1)).toMatchObject({
      state: 'failed',
      error: 'unsupported',
    });
    const inverter = air.deviceOf(DeviceType.inverter);
    expect(inverter.raiseFault(101)).toBe(true);
    const last = (await air.run(inverter, 'self_test')).at(-1)!;
    expect(last.state).toBe('failed');
    expect(last.report).toBeUndefined();
    await air.close();
  });
});

describe('a live run', () => {
  it('a debug session makes the station tick on its interval, then on the run’s again', async () => {
    const station: StationSimulation = sampleStation(StationType.onGrid, {
      index: 12,
      place: 'milan',
      startMs: Date.now() - 60_000,
      types: [DeviceType.inverter, DeviceType.meter],
    });
    const traced: Traced[] = [];
    const fleet = startFleet({
      brokerUrl: broker.url,
      stations: [station],
      intervalS: 60,
      speedUp: 1,
      faultRate: 0,
      offlineRate: 0,
      timing: fastTiming,
      trace: (sn, kind, payload) =>
        traced.push({ sn, kind, message: JSON.parse(payload) as Record<string, unknown> }),
    });
    await fleet.ready;
    const [inverter, meter] = station.devices as [VirtualDevice, VirtualDevice];
    const id = randomUUID();
    const now = Date.now();
    await portal.publishAsync(
      commandTopic(inverter.sn),
      JSON.stringify({
        v: 1,
        id,
        ts: now,
        expires_at: now + 60_000,
        name: 'debug',
        params: { action: 'start', interval_s: 1, duration_s: 2.5 },
      }),
      { qos: 1 },
    );
    await eventually(() => {
      const readings = traced.filter((entry) => entry.sn === inverter.sn && entry.kind === 'telemetry');
      expect(readings.length).toBeGreaterThanOrEqual(2);
    });
    const readings = traced.filter((entry) => entry.sn === inverter.sn && entry.kind === 'telemetry');
    expect(readings[0]!.message.interval_s).toBe(1);
    expect((readings[1]!.message.ts as number) - (readings[0]!.message.ts as number)).toBe(1000);
    expect(readings[1]!.message.seq).toBe((readings[0]!.message.seq as number) + 1);
    // the meter kept its own interval
    const meterTimes = traced
      .filter((entry) => entry.sn === meter.sn && entry.kind === 'telemetry')
      .map((entry) => entry.message.ts as number);
    for (let index = 1; index < meterTimes.length; index += 1)
      expect(meterTimes[index]! - meterTimes[index - 1]!).toBeGreaterThanOrEqual(60_000);
    await eventually(() => expect(inverter.intervalAt(Date.now())).toBe(60), 5000);
    await fleet.stop();
  });
});
