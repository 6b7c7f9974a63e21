import { randomUUID } from 'node:crypto';
import { DeviceType, StationType } from '@helio/contracts';
import { commandTopic, decodeUp, type ReplyMessage } from '@helio/contracts/device-link';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import type { VirtualDevice } from '../src/devices/virtual-device.ts';
import { startBareBroker } from './support/broker.ts';
import { planOf } from './support/charging.ts';
import { eventually, online, testLink } from './support/portal.ts';
import { sampleStation } from './support/stations.ts';

/**
 * A simulated wallbox taking `charging_plan` and `charge` over MQTT like a real one: acknowledged,
 * then succeeded or refused whole with the reason; its readings tell the plan and the session.
 */

describe('a wallbox over MQTT', () => {
  it('takes a plan, refuses what it cannot do, holds a session on stop and tells it in its readings', async () => {
    // a Wednesday noon in Warsaw: the household's car is away
    const startMs = Date.UTC(2025, 5, 11, 10, 0);
    const station = sampleStation(StationType.residentialEssWallbox, { startMs, index: 3 });
    const broker = await startBareBroker();
    const portal = await mqtt.connectAsync(broker.url, {
      clientId: `portal-${randomUUID()}`,
      protocolVersion: 4,
    });
    const run = testLink(broker.url);
    for (const device of station.devices) run.attach(device);
    await Promise.all(station.devices.map((device) => online(device)));
    const deviceOf = (type: DeviceType) => station.devices.find((device) => device.deviceType === type)!;
    const wallbox = deviceOf(DeviceType.chargingPile);

    /** Sends a command and answers its replies once the last is final. */
    async function command(device: VirtualDevice, name: string, params: object): Promise<ReplyMessage[]> {
      const id = randomUUID();
      const now = Date.now();
      const message = { v: 1, id, ts: now, expires_at: now + 3_600_000, name, params };
      await portal.publishAsync(commandTopic(device.sn), JSON.stringify(message), { qos: 1 });
      return eventually(() => {
        const replies = run.traced
          .filter((entry) => entry.kind === 'reply' && entry.message.id === id)
          .map((entry) => {
            const decoded = decodeUp(device.deviceType, 'reply', JSON.stringify(entry.message));
            if (!decoded.ok || decoded.message.kind !== 'reply') throw new Error('not a reply');
            return decoded.message.message;
          });
        expect(['succeeded', 'failed']).toContain(replies.at(-1)?.state);
        return replies;
      });
    }
    /** The wallbox's reading at `ms`, as the portal decodes it once delivered. */
    async function readingAt(ms: number): Promise<Record<string, unknown>> {
      station.tick(ms, true);
      return eventually(() => {
        const entry = run.traced.find(
          (traced) => traced.sn === wallbox.sn && traced.kind === 'telemetry' && traced.message.ts === ms,
        );
        const decoded = decodeUp(DeviceType.chargingPile, 'telemetry', JSON.stringify(entry?.message));
        if (!decoded.ok || decoded.message.kind !== 'telemetry') throw new Error(`no reading at ${ms}`);
        return decoded.message.readings[0]!.values;
      });
    }

    expect(station.plant.current().pile.sessionStart).toBeNull();
    expect(await command(deviceOf(DeviceType.inverter), 'charging_plan', planOf('pv'))).toEqual([
      expect.objectContaining({ state: 'failed', error: 'unsupported', message: 'not a wallbox' }),
    ]);
    const noCar = await command(wallbox, 'charge', { action: 'start' });
    expect(noCar.map((reply) => reply.state)).toEqual(['acknowledged', 'failed']);
    expect(noCar[1]).toMatchObject({
      error: 'refused',
      message: 'charge refused: no car is plugged in: no session to start',
    });
    const beyond = await command(
      wallbox,
      'charging_plan',
      planOf('fast', { min_current_a: 32, max_current_a: 32, phases: '3p' }),
    );
    expect(beyond[1]).toMatchObject({
      state: 'failed',
      error: 'refused',
      message: 'charging plan refused: min_current_a (validation.aboveRating)',
    });
    const kept = await command(wallbox, 'charging_plan', planOf('min_pv', { max_current_a: 10 }));
    expect(kept.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    expect(kept[1]!.message).toBe('following min_pv: 6–10 A, auto, 0 windows');
    expect(await readingAt(startMs + 60_000)).toMatchObject({
      pile_state: 'idle',
      plan_mode: 'min_pv',
      remote_hold: 0,
      current_limit_a: 0,
    });

    // the evening's car: charged at once at the minimum at least (the plan's start), then held
    let ms = startMs + 60_000;
    while (station.plant.current().pile.state !== 'charging') {
      ms += 60_000;
      station.plant.advance(ms);
    }
    ms += 60_000;
    const charging = await readingAt(ms);
    expect(charging).toMatchObject({ pile_state: 'charging', session_start: 'plan', plan_mode: 'min_pv' });
    expect(charging.current_limit_a).toBeGreaterThanOrEqual(6);
    expect(charging.current_limit_a).toBeLessThanOrEqual(10);
    const stopped = await command(wallbox, 'charge', { action: 'stop' });
    expect(stopped.map((reply) => reply.state)).toEqual(['acknowledged', 'succeeded']);
    ms += 120_000;
    const held = await readingAt(ms);
    expect(held).toMatchObject({
      pile_state: 'plugged',
      power_w: 0,
      remote_hold: 1,
      session_no: charging.session_no,
      session_start: 'plan',
    });
    for (const device of station.devices) await device.disconnect();
    run.wheel.stop();
    await portal.endAsync();
    await broker.close();
  });
});
