import { StationType } from '@helio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { startFleet } from '../src/runtime/fleet.ts';
import { stationComposition } from '../src/runtime/fleet-plan.ts';
import { placesNamed } from '../src/runtime/places.ts';
import { startBareBroker } from './support/broker.ts';
import { sampleStation } from './support/stations.ts';

/**
 * Thousands of devices from one process: 2,000 devices (500 residential ESS stations of four
 * devices, each with its own MQTT connection) against a bare broker in the same process, readings
 * every 5 s. The test checks that every device connects and has its readings acknowledged; how
 * fast (messages per second, event-loop lag, backlog) is measured by `npm run bench:simulator`
 * (`BENCH_DEVICES=2000` for this size), never asserted here, so a busy machine cannot fail it.
 */
describe('fleet at scale', () => {
  it('drives 2,000 devices from one process: each connects and has its readings acknowledged', async () => {
    const broker = await startBareBroker();
    const places = placesNamed(['all']);
    const stations = Array.from({ length: 500 }, (_, index) =>
      sampleStation(StationType.residentialEss, {
        seed: 99,
        index,
        place: places[index % places.length]!.name,
        startMs: Date.now(),
        types: stationComposition(StationType.residentialEss, 4),
      }),
    );
    const delivered = new Set<string>();
    const fleet = startFleet({
      brokerUrl: broker.url,
      stations,
      intervalS: 5,
      speedUp: 1,
      faultRate: 2,
      offlineRate: 0,
      connectRatePerSecond: 1000,
      // called once the broker has acknowledged the message
      trace: (sn, kind) => {
        if (kind === 'telemetry' || kind === 'backfill') delivered.add(sn);
      },
    });
    try {
      await fleet.ready;
      const deadline = Date.now() + 60_000;
      while (delivered.size < 2000 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const stats = fleet.stats();
      expect(stats.devices).toBe(2000);
      expect(stats.connected).toBe(2000);
      expect(delivered.size).toBe(2000);
      expect(stats.totals.publishErrors).toBe(0);
    } finally {
      await fleet.stop();
      await broker.close();
    }
  }, 90_000);

  it('catches up from the past at the speed-up, never stamping a reading ahead of the real clock', async () => {
    const broker = await startBareBroker();
    const hours = 2;
    const startMs = Date.now() - hours * 3_600_000;
    const stations = Array.from({ length: 5 }, (_, index) =>
      sampleStation(StationType.onGrid, {
        seed: 3,
        index,
        startMs,
        types: stationComposition(StationType.onGrid, 2),
      }),
    );
    const ahead: number[] = [];
    const stamps: number[] = [];
    const fleet = startFleet({
      brokerUrl: broker.url,
      stations,
      intervalS: 60,
      speedUp: 3600,
      faultRate: 0,
      offlineRate: 0,
      trace: (_sn, kind, payload) => {
        const message = JSON.parse(payload) as { ts?: number; readings?: { ts: number }[] };
        const readings =
          kind === 'backfill' ? message.readings! : kind === 'telemetry' ? [{ ts: message.ts! }] : [];
        for (const reading of readings) {
          stamps.push(reading.ts);
          if (reading.ts > Date.now()) ahead.push(reading.ts);
        }
      },
    });
    try {
      await fleet.ready;
      // two hours of readings every minute, from 10 devices, in a few seconds: wait until the run
      // has caught up and the broker has acknowledged them
      const catchUpReadings = 10 * hours * 60 - 20;
      await vi.waitFor(
        () => {
          expect(fleet.clock.caughtUp).toBe(true);
          expect(stamps.length).toBeGreaterThanOrEqual(catchUpReadings);
        },
        { timeout: 20_000, interval: 20 },
      );
      const stats = fleet.stats();
      expect(stats.caughtUp).toBe(true);
      expect(Math.abs(stats.simulatedMs - Date.now())).toBeLessThan(1000);
      expect(Math.min(...stamps)).toBeLessThan(startMs + 5 * 60_000);
      expect(ahead).toEqual([]);
    } finally {
      await fleet.stop();
      await broker.close();
    }
  }, 30_000);
});
