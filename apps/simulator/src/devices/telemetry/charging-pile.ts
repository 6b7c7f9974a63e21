/** What a wallbox reports of the plant's car: its session, its plan, power and energy. */
import { type DeviceReading, round } from './reading.ts';

/**
 * Wallbox / charging pile (device type 4, protocol section 4.4). The session's number and start, the
 * car's SOC and the plan's target are told only while they are known (a car plugged, a plan kept).
 */
export function chargingPileValues(reading: DeviceReading): Record<string, unknown> {
  const { share } = reading.plan;
  const pile = reading.state.pile;
  const powerW = reading.state.evW * share;
  const voltage = reading.phaseVoltage();
  const values: Record<string, unknown> = {
    pile_state: reading.stopped('device') ? 'fault' : pile.state,
    power_w: round(powerW, 0),
    voltage_v: voltage,
    current_a: round(powerW / (voltage * pile.phases), 2),
    session_kwh: round(Math.max(0, pile.sessionKwh), 3),
    ev_kwh: reading.counter('ev_kwh'),
    phases: pile.phases,
    current_limit_a: round(pile.currentLimitA, 1),
    remote_hold: pile.remoteHold ? 1 : 0,
  };
  if (pile.sessionNo !== null) values.session_no = pile.sessionNo;
  if (pile.sessionStart !== null) values.session_start = pile.sessionStart;
  if (pile.planMode !== null) values.plan_mode = pile.planMode;
  if (pile.carSocPct !== null) values.car_soc_pct = round(pile.carSocPct, 1);
  if (pile.targetKwh !== null) values.target_kwh = round(pile.targetKwh, 3);
  return values;
}
