/** What a data logger reports: its signal, the station's readings it holds, its uptime. */
import { Channel, clamp, type DeviceReading, round, variation } from './reading.ts';

/** Data logger (device type 9, protocol section 4.8). */
export function dataLoggerValues(reading: DeviceReading): Record<string, unknown> {
  // each logger sits somewhere between a good and a poor spot; rain and clouds cost a little
  const base = -62 - 28 * ((variation(reading.plan.noiseKey, 0, Channel.signalBase) + 1) / 2);
  const weather = -3 * reading.state.weather.cloudCover;
  return {
    signal_dbm: round(clamp(base + weather + reading.vary(Channel.signal, 3), -150, 0), 0),
    buffered: Math.max(0, Math.round(reading.condition.buffered ?? 0)),
    uptime_s: Math.max(0, Math.floor(reading.condition.uptimeS ?? 0)),
  };
}
