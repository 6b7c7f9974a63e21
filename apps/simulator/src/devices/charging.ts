/** A wallbox's charging commands: what its station's wallbox makes of them, in the reply's words. */
import type { CommandMessage, ReplyMessage } from '@helio/contracts/device-link';
import type { Plant } from '../plant/model.ts';

export type ChargingCommand = Extract<CommandMessage, { name: 'charging_plan' | 'charge' }>;
/** Where a wallbox's charging commands go: its station's plant. */
export type ChargingPoint = Pick<Plant, 'chargingPlan' | 'charge'>;

/** Hands a checked command to the wallbox: the final reply, succeeded or refused with the reason. */
export function runCharging(
  command: ChargingCommand,
  charger: ChargingPoint,
): { state: 'succeeded' | 'failed'; extra: Pick<ReplyMessage, 'error' | 'message'> } {
  const refusal =
    command.name === 'charging_plan' ? charger.chargingPlan(command.params) : charger.charge(command.params);
  if (refusal) return { state: 'failed', extra: refusal };
  return { state: 'succeeded', extra: { message: chargingDone(command) } };
}

/** What a wallbox says it does now, in the reply's words. */
function chargingDone(command: ChargingCommand): string {
  if (command.name === 'charging_plan') {
    const { mode, min_current_a, max_current_a, phases, windows } = command.params;
    return `following ${mode}: ${min_current_a}–${max_current_a} A, ${phases}, ${windows.length} windows`;
  }
  const { action, current_a } = command.params;
  if (action === 'stop') return 'charging held: the car stays plugged';
  if (action === 'current') return `current limited to ${current_a} A per phase`;
  return current_a === undefined ? 'charging now' : `charging now, at most ${current_a} A per phase`;
}
