import {
  type DeviceCredentials,
  type DeviceForm,
  type DeviceItem,
  registrationRefusal,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import { assertMay } from '../stations/policy.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { BrokerAccess } from './broker-access.ts';
import { hashSecret, issueSecret } from './credentials.ts';
import type { DeviceFilter, DevicesRepository, StationFleet } from './repository.ts';

/**
 * The rules a registration must pass against what the station holds, in this order: the station
 * type takes the device type (3002), a one-device station is still empty (3004), no second meter
 * (6004), fewer than 32 devices (200308), the Modbus address and RS485 position are free (200307).
 */
function checkFleet(form: DeviceForm, fleet: StationFleet): void {
  const refusal = registrationRefusal(
    fleet.stationType,
    fleet.devices.map((device) => device.deviceType),
    form.device_type,
  );
  if (refusal) throw new Refusal(refusal);
  const busTaken = fleet.devices.some(
    (device) =>
      (form.modbus_address !== undefined && device.modbusAddress === form.modbus_address) ||
      (form.rs485_position !== undefined && device.rs485Position === form.rs485_position),
  );
  if (busTaken) throw new Refusal('200307');
}

/**
 * Device registrations. A device is reached through its station's scope (9001 otherwise, like an
 * id that does not exist). An SN is registered once in the whole portal: again within the
 * caller's scope is 200306, on a station outside it 2001 (where an authorization request starts).
 */
export interface DeviceLinkAccess {
  link: BrokerAccess;
  /** What devices are told to connect to. */
  brokerUrl: string;
  /** Drops what ingestion knows of a device whose registration changed. */
  forget(sn: string): void;
}

export function devicesService(
  repo: DevicesRepository,
  tenancy: Tenancy,
  access: DeviceLinkAccess,
  log: OperationLog,
) {
  const credentials = (sn: string, secret: string, issuedAt: Date): DeviceCredentials => ({
    broker_url: access.brokerUrl,
    client_id: sn,
    username: sn,
    password: secret,
    issued_at: issuedAt.toISOString(),
  });

  async function refuseRegisteredSn(caller: Caller, sn: string): Promise<void> {
    const holder = await repo.snHolder(tenancy.held(caller), sn);
    if (holder) throw new Refusal(holder.inScope ? '200306' : '2001');
  }

  async function answer(deviceId: number): Promise<DeviceItem> {
    const item = await repo.item(deviceId);
    if (!item) throw new Refusal('9001'); // removed meanwhile
    return item;
  }

  return {
    /** Registers a device on a station of the caller's scope, all or nothing. */
    async add(caller: Caller, form: DeviceForm): Promise<DeviceItem & { credentials: DeviceCredentials }> {
      assertMay(caller, 'registerDevice');
      await tenancy.assertReachesStation(caller, form.station_id);
      await refuseRegisteredSn(caller, form.sn);
      const secret = issueSecret();
      const issuedAt = new Date();
      const result = await repo.register(
        {
          stationId: form.station_id,
          sn: form.sn,
          deviceType: form.device_type,
          model: form.model,
          firmwareVersion: form.firmware_version || null,
          moduleSn: form.module_sn || null,
          modbusAddress: form.modbus_address ?? null,
          rs485Position: form.rs485_position ?? null,
          ratedPowerW: form.rated_power_w ?? null,
          secretHash: hashSecret(secret),
          secretIssuedAt: issuedAt,
          settingsPwdHash: form.settings_pwd ? await hashPassword(form.settings_pwd) : null,
        },
        (fleet) => checkFleet(form, fleet),
      );
      if ('deviceId' in result) {
        try {
          await access.link.provision(form.sn, secret);
        } catch {
          // a device the broker does not know could never connect: undo, and say to try again
          await repo.delete(result.deviceId);
          throw new Refusal('9000');
        }
        access.forget(form.sn);
        // the secret is the device's alone: the log names the device, never its credentials
        await log.recordBy(caller, 'device_add', { stationId: form.station_id, target: form.sn });
        return { ...(await answer(result.deviceId)), credentials: credentials(form.sn, secret, issuedAt) };
      }
      // a concurrent registration won the race: answer what the checks would have said after it
      if (result.conflict === 'sn') await refuseRegisteredSn(caller, form.sn);
      throw new Refusal(
        result.conflict === 'meter' ? '6004' : result.conflict === 'bus' ? '200307' : '200306',
      );
    },

    /** Removes a registration; the SN is free to register again. */
    async unbind(caller: Caller, deviceId: number): Promise<null> {
      assertMay(caller, 'unbindDevice');
      await tenancy.assertReachesDevice(caller, deviceId);
      const removed = await repo.item(deviceId);
      const sn = await repo.delete(deviceId);
      if (sn) {
        await log.recordBy(caller, 'device_remove', { stationId: removed?.station_id ?? null, target: sn });
        access.forget(sn);
        // the registration is gone either way; a broker that missed this refuses the SN's data anyway
        await access.link.revoke(sn).catch(() => undefined);
      }
      return null;
    },

    /** A new secret for a device: the old one stops working at once and its connection ends. */
    async rotateSecret(caller: Caller, deviceId: number): Promise<DeviceCredentials> {
      assertMay(caller, 'rotateDeviceSecret');
      await tenancy.assertReachesDevice(caller, deviceId);
      const secret = issueSecret();
      const issuedAt = new Date();
      const sn = await repo.setSecret(deviceId, hashSecret(secret), issuedAt);
      if (!sn) throw new Refusal('9001');
      try {
        await access.link.provision(sn, secret);
      } catch {
        throw new Refusal('9000');
      }
      const item = await repo.item(deviceId);
      await log.recordBy(caller, 'device_secret_rotate', { stationId: item?.station_id ?? null, target: sn });
      return credentials(sn, secret, issuedAt);
    },

    /** One device the caller sees (its scope, or a station granted to its tree). */
    async detail(caller: Caller, deviceId: number): Promise<DeviceItem> {
      await tenancy.assertSeesDevice(caller, deviceId);
      return answer(deviceId);
    },

    async list(caller: Caller, filter: DeviceFilter, page: number, pageSize: number) {
      if (filter.stationId !== undefined) await tenancy.assertSeesStation(caller, filter.stationId);
      return repo.list(tenancy.seen(caller), filter, pageWindow(page, pageSize));
    },
  };
}

export type DevicesService = ReturnType<typeof devicesService>;
