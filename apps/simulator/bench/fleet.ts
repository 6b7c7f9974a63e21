/**
 * `npm run bench:simulator`: how many devices one simulator process drives (a report, not a test).
 *
 * A bare MQTT broker (aedes, acknowledging at once, no portal behind it) runs in a child process
 * (this file, started with `broker`), so the figures are the simulator's own: one process holding
 * one MQTT connection per device, residential ESS stations of four devices each (inverter,
 * battery, meter, data logger), readings every BENCH_INTERVAL_S, faults at 2 per device per day.
 * Printed: devices and how long they took to connect, messages/s and readings/s acknowledged,
 * the event-loop lag (how late the fleet served its timers and sockets), memory and CPU, and the
 * plant model's own cost: milliseconds to step one residential ESS with a wallbox through a day.
 * (These figures are measured here only: the tests check behaviour, not speed.)
 *
 * Environment: BENCH_DEVICES (5000), BENCH_INTERVAL_S (5), BENCH_SECONDS (measured, 30),
 * BENCH_CONNECT_RATE (connections per second, 1000), BENCH_SPEED_UP (1; above 1 the run starts
 * a day back and catches up, so readings come BENCH_SPEED_UP times as often).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { StationType } from '@helio/contracts';
import { Aedes } from 'aedes';
import { createPlant } from '../src/plant/plant.ts';
import { samplePlantConfig } from '../src/plant/presets.ts';
import { startFleet } from '../src/runtime/fleet.ts';
import { ratedPowerOf, simulatorSn, stationComposition } from '../src/runtime/fleet-plan.ts';
import { places } from '../src/runtime/places.ts';
import { createStationSimulation } from '../src/runtime/station.ts';

const setting = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number: ${raw}`);
  return value;
};

async function runBroker(): Promise<void> {
  const broker = await Aedes.createBroker({ queueLimit: 100 });
  let published = 0;
  broker.on('publish', (packet, client) => {
    if (client && packet.topic.includes('/up/')) published += 1;
  });
  const server = createServer(broker.handle as (socket: Socket) => void);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message: { ask?: string }) => {
    if (message.ask === 'published') process.send?.({ published });
  });
  process.on('disconnect', () => process.exit(0));
}

const dayMs = 86_400_000;

/**
 * Milliseconds to step one plant (a residential ESS with a wallbox in Munich) through one simulated
 * day, over 20 plants and 10 days after two days to warm up: what bounds how many stations one
 * process can backfill and run (about 0.7 ms on an idle 2-core machine, more when it is busy).
 */
function plantStepMsPerDay(): number {
  const munich = places.find((place) => place.name === 'munich')!;
  const startMs = Date.UTC(2025, 5, 1);
  const plants = Array.from({ length: 20 }, (_, seed) =>
    createPlant(samplePlantConfig(StationType.residentialEssWallbox, munich, seed), seed, startMs),
  );
  for (const plant of plants) plant.advance(startMs + 2 * dayMs);
  const started = performance.now();
  for (const plant of plants) plant.advance(startMs + 12 * dayMs);
  return (performance.now() - started) / (plants.length * 10);
}

function ask(child: ChildProcess, question: string): Promise<Record<string, number>> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as Record<string, number>));
    child.send({ ask: question });
  });
}

async function main(): Promise<void> {
  const deviceCount = setting('BENCH_DEVICES', 5000);
  const intervalS = setting('BENCH_INTERVAL_S', 5);
  const seconds = setting('BENCH_SECONDS', 30);
  const connectRate = setting('BENCH_CONNECT_RATE', 1000);
  const speedUp = setting('BENCH_SPEED_UP', 1);
  const plantDayMs = plantStepMsPerDay();

  const child = fork(fileURLToPath(import.meta.url), ['broker'], { execArgv: process.execArgv });
  const { port } = await new Promise<{ port: number }>((resolve) =>
    child.once('message', (message) => resolve(message as { port: number })),
  );
  const brokerUrl = `mqtt://127.0.0.1:${port}`;

  const types = stationComposition(StationType.residentialEss, 4);
  const stationCount = Math.ceil(deviceCount / types.length);
  const startMs = speedUp > 1 ? Date.now() - 86_400_000 : Date.now();
  const built = performance.now();
  const stations = Array.from({ length: stationCount }, (_, index) => {
    const place = places[index % places.length]!;
    const config = samplePlantConfig(StationType.residentialEss, place, index);
    return createStationSimulation({
      key: `bench-${index}`,
      plant: config,
      seed: 1,
      startMs,
      devices: types.map((deviceType, deviceIndex) => ({
        sn: simulatorSn(deviceType, 'BENCH1', index, deviceIndex),
        deviceType,
        password: 'bench',
        ratedPowerW: ratedPowerOf(deviceType, config, 1),
      })),
    });
  });
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const fleet = startFleet({
    brokerUrl,
    stations,
    intervalS,
    speedUp,
    faultRate: 2,
    offlineRate: 0,
    connectRatePerSecond: connectRate,
  });
  await fleet.ready;
  const connectS = (performance.now() - startedAt) / 1000;
  fleet.stats();
  const publishedBefore = (await ask(child, 'published')).published!;
  const cpuMeasured = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const stats = fleet.stats();
  const cpu = process.cpuUsage(cpuMeasured);
  const publishedAfter = (await ask(child, 'published')).published!;
  await fleet.stop();
  child.disconnect();
  const cpuTotal = process.cpuUsage(cpuBefore);

  const memoryMb = Math.round(process.memoryUsage().rss / 1e6);
  const lines = [
    `simulator fleet benchmark (one process, bare aedes broker in a child process)`,
    `  devices            ${stats.devices} (${stations.length} stations of ${types.length}), built in ${((startedAt - built) / 1000).toFixed(1)} s`,
    `  connected          ${stats.connected} in ${connectS.toFixed(1)} s (${connectRate}/s asked)`,
    `  interval           ${intervalS} s${speedUp > 1 ? ` ×${speedUp}` : ''}, measured ${stats.periodS} s`,
    `  messages/s         ${stats.messagesPerSecond} acknowledged (broker saw ${Math.round((publishedAfter - publishedBefore) / stats.periodS)}/s)`,
    `  readings/s         ${stats.readingsPerSecond}`,
    `  buffered at end    ${stats.buffered}`,
    `  event-loop lag     mean ${stats.eventLoopLagMs.mean} ms, p50 ${stats.eventLoopLagMs.p50} ms, p99 ${stats.eventLoopLagMs.p99} ms, max ${stats.eventLoopLagMs.max} ms`,
    `  CPU while measured ${(((cpu.user + cpu.system) / 1e6 / stats.periodS) * 100).toFixed(0)} % of one core (whole run ${((cpuTotal.user + cpuTotal.system) / 1e6).toFixed(1)} s)`,
    `  memory (RSS)       ${memoryMb} MB`,
    `  plant step         ${plantDayMs.toFixed(2)} ms per plant and simulated day (residential ESS with wallbox)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[2] === 'broker') {
  void runBroker();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
