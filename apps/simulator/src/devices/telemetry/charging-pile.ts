/** What a wallbox reports of the plant's car: its session state, power and energy. */
import { type DeviceReading, round } from './reading.ts';

/** Wallbox / charging pile (device type 4, protocol section 4.4). */
export function chargingPileValues(reading: DeviceReading): Record<string, unknown> {
  const { share } = reading.plan;
  const powerW = reading.state.evW * share;
  const maxW = reading.config.wallbox?.maxPowerW ?? 11_000;
  const voltage = reading.phaseVoltage();
  // above 7.4 kW a wallbox charges on three phases
  const phases = maxW > 7400 ? 3 : 1;
  return {
    pile_state: reading.stopped('device') ? 'fault' : reading.state.pile.state,
    power_w: round(powerW, 0),
    voltage_v: voltage,
    current_a: round(powerW / (voltage * phases), 2),
    session_kwh: round(Math.max(0, reading.state.pile.sessionKwh), 3),
    ev_kwh: reading.counter('ev_kwh'),
  };
}
