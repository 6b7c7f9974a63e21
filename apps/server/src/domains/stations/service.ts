import {
  RoleId,
  retypeRefusal,
  type StationEditForm,
  type StationForm,
  type StationItem,
} from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import type { OperationLog } from '../operation-log/repository.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { StationBindings } from './bindings.ts';
import { assertMay } from './policy.ts';
import { settlePlace } from './reference-checks.ts';
import type { StationFields, StationsRepository } from './repository.ts';

type Descriptive = Omit<StationEditForm, 'station_id'>;

/**
 * Stations: add, edit, read, delete, bind and unbind (SPEC.md §5–7). Every station id goes
 * through tenancy first, so an id outside the caller's scope is 9001 like one that does not exist.
 */
export function stationsService(
  repo: StationsRepository,
  tenancy: Tenancy,
  bindings: StationBindings,
  log: OperationLog,
) {
  /**
   * A photo a station may be given by the caller: one uploaded by the caller or an account in its
   * scope, or the station's own photo already (whoever uploaded it). An unknown id is 200005 (upload
   * it again); another tenant's photo is 9001, as every id outside one's tree.
   */
  async function assertPhotoUsable(caller: Caller, photoId: string, stationId?: number): Promise<void> {
    const photo = await repo.photo(photoId, stationId);
    if (!photo) throw new Refusal('200005', [{ path: 'photo_id', message: 'validation.photoInvalid' }]);
    if (photo.isStations) return;
    if (photo.uploadedBy === null || !(await tenancy.reaches(caller, photo.uploadedBy))) {
      throw new Refusal('9001');
    }
  }

  /** The form's fields as stored, after the reference checks (200005) and the photo's (200005, 9001). */
  async function storedFields(caller: Caller, form: Descriptive, stationId?: number): Promise<StationFields> {
    const { timezone } = settlePlace(form);
    if (form.photo_id !== undefined) await assertPhotoUsable(caller, form.photo_id, stationId);
    return {
      stationName: form.station_name,
      stationType: form.station_type,
      countryCode: form.country_code,
      provinceCode: form.province_code ?? null,
      city: form.city || null,
      address: form.address,
      latitude: form.latitude,
      longitude: form.longitude,
      capacityKwp: String(form.capacity_kwp),
      commissioningDate: form.commissioning_date ?? null,
      gridConnectionDate: form.grid_connection_date ?? null,
      unitPrice: String(form.unit_price),
      currency: form.currency,
      timezone,
      photoId: form.photo_id ?? null,
    };
  }

  /** The station, which the caller is known to reach. */
  async function answer(stationId: number): Promise<StationItem> {
    const item = await repo.item(stationId);
    if (!item) throw new Refusal('9001'); // deleted meanwhile
    return item;
  }

  return {
    /** A new station; its name must be free in the owning tree (3001), its bindings consistent. */
    async add(caller: Caller, form: StationForm): Promise<StationItem> {
      assertMay(caller, 'addStation');
      // an installer naming no one adds the station for itself (an end user always binds itself)
      const forSelf =
        caller.roleId === RoleId.installer &&
        form.installer_id === undefined &&
        form.end_user_id === undefined;
      const binding = await bindings.resolve(caller, {
        installerId: forSelf ? caller.userId : form.installer_id,
        endUserId: form.end_user_id,
      });
      const fields = await storedFields(caller, form);
      if (await repo.nameTaken(binding.ownerRootId, fields.stationName)) throw new Refusal('3001');
      const stationId = await repo.insert({ ...fields, ...binding });
      await log.recordBy(caller, 'station_add', { stationId, target: fields.stationName });
      return answer(stationId);
    },

    /**
     * Replaces the descriptive fields. A new type must accept the devices already registered
     * (3002, 3004); omitted optional fields become empty and an omitted time zone is proposed again.
     */
    async edit(caller: Caller, form: StationEditForm): Promise<StationItem> {
      assertMay(caller, 'editStation');
      await tenancy.assertReachesStation(caller, form.station_id);
      const fields = await storedFields(caller, form, form.station_id);
      const current = await repo.bindings(form.station_id);
      if (!current) throw new Refusal('9001');
      if (await repo.nameTaken(current.ownerRootId, fields.stationName, form.station_id)) {
        throw new Refusal('3001');
      }
      await repo.update(form.station_id, fields, (deviceTypes) => {
        const refusal = retypeRefusal(form.station_type, deviceTypes);
        if (refusal) throw new Refusal(refusal);
      });
      await log.recordBy(caller, 'station_edit', { stationId: form.station_id, target: fields.stationName });
      return answer(form.station_id);
    },

    /** One station the caller sees: its scope, or a station granted to its tree (read only). */
    async detail(caller: Caller, stationId: number): Promise<StationItem> {
      await tenancy.assertSeesStation(caller, stationId);
      return answer(stationId);
    },

    /** Deletes a station and its device registrations, whose SNs become free (installers only). */
    async delete(caller: Caller, stationId: number): Promise<null> {
      assertMay(caller, 'deleteStation');
      await tenancy.assertReachesStation(caller, stationId);
      const { station_name: name, device_count: devices } = await answer(stationId);
      await repo.delete(stationId);
      await log.recordBy(caller, 'station_delete', { stationId, target: name, detail: { devices } });
      return null;
    },

    /** Binds an installer and an end user of its tree, both required (SPEC.md §5), replacing the old pair. */
    async bind(caller: Caller, input: { stationId: number; installerId: number; endUserId: number }) {
      assertMay(caller, 'bindStation');
      await tenancy.assertReachesStation(caller, input.stationId);
      const binding = await bindings.resolve(caller, input);
      await repo.setBindings(input.stationId, binding);
      const item = await answer(input.stationId);
      await log.recordBy(caller, 'station_bind', {
        stationId: input.stationId,
        target: item.station_name,
        detail: { installer: item.installer_name, end_user: item.end_user_name },
      });
      return item;
    },

    /** Removes the installer, the end user or both; one of them must stay (3006). */
    async unbind(caller: Caller, input: { stationId: number; which: 'installer' | 'end_user' | 'both' }) {
      assertMay(caller, 'bindStation');
      await tenancy.assertReachesStation(caller, input.stationId);
      const current = await repo.bindings(input.stationId);
      if (!current) throw new Refusal('9001');
      await repo.setBindings(input.stationId, bindings.afterUnbind(current, input.which));
      const item = await answer(input.stationId);
      await log.recordBy(caller, 'station_unbind', {
        stationId: input.stationId,
        target: item.station_name,
        detail: { which: input.which },
      });
      return item;
    },
  };
}

export type StationsService = ReturnType<typeof stationsService>;
