import type { CallData, device } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { DeviceTelemetry } from './telemetry.ts';

/**
 * What a device reports, for a caller who sees it: its newest values and its history. A device
 * out of the caller's reach answers 9001, like one that does not exist.
 */
export function deviceTelemetryService(telemetry: DeviceTelemetry, tenancy: Tenancy) {
  return {
    async realtime(caller: Caller, deviceId: number): Promise<CallData<typeof device.realtime>> {
      await tenancy.assertSeesDevice(caller, deviceId);
      const answer = await telemetry.realtime(deviceId);
      if (!answer) throw new Refusal('9001');
      return answer;
    },

    async history(
      caller: Caller,
      deviceId: number,
      from: string,
      to: string,
    ): Promise<CallData<typeof device.history>> {
      await tenancy.assertSeesDevice(caller, deviceId);
      return telemetry.history(deviceId, from, to);
    },
  };
}

export type DeviceTelemetryService = ReturnType<typeof deviceTelemetryService>;
