import { RoleId, type StationListColumn, station } from '@helio/contracts';
import type { Caller } from '../../core/caller.ts';
import { Refusal } from '../../core/refusal.ts';
import { pageWindow } from '../../platform/search.ts';
import type { Tenancy } from '../tenancy/tenancy.ts';
import type { StationFilter, StationListRepository, StationSort } from './list-repository.ts';
import { assertMay } from './policy.ts';
import type { PreferencesRepository } from './preferences-repository.ts';

/** Preference key of the station list's visible columns. */
const COLUMNS_KEY = 'station_list_columns';

/**
 * The station list and what surrounds it: its saved columns, the status counts and the accounts a
 * station can be bound to. Everything is read through tenancy's scope.
 */
export function stationListService(
  repo: StationListRepository,
  preferences: PreferencesRepository,
  tenancy: Tenancy,
) {
  /** Saved columns still known to this version (a column id may be retired), or undefined. */
  function knownColumns(saved: unknown): StationListColumn[] | undefined {
    if (!Array.isArray(saved)) return undefined;
    const known = saved.filter((id): id is StationListColumn =>
      (station.stationListColumnIds as readonly unknown[]).includes(id),
    );
    return known.length > 0 ? known : undefined;
  }

  return {
    async list(
      caller: Caller,
      filter: StationFilter,
      sort: StationSort,
      page: { page: number; pageSize: number },
    ) {
      // the filter's installer must be one the caller reaches, like any id (9001)
      if (filter.installerId !== undefined) {
        await tenancy.assertReachesUser(caller, filter.installerId, { allowSelf: true });
      }
      return repo.list(tenancy.seen(caller), filter, sort, pageWindow(page.page, page.pageSize));
    },

    /** Saves the caller's columns when given (not for the shared demo account: 9001), then answers them. */
    async columns(caller: Caller, chosen: StationListColumn[] | undefined) {
      if (chosen) {
        if (caller.isDemo) throw new Refusal('9001');
        await preferences.set(caller.userId, COLUMNS_KEY, chosen);
        return { columns: chosen, is_default: false };
      }
      const saved = knownColumns(await preferences.get(caller.userId, COLUMNS_KEY));
      return saved
        ? { columns: saved, is_default: false }
        : { columns: [...station.defaultStationListColumns], is_default: true };
    },

    stationStat: (caller: Caller) => repo.stationStat(tenancy.seen(caller)),
    equipStat: (caller: Caller) => repo.equipStat(tenancy.seen(caller)),

    /** Installers a station can be bound to (installers only): the caller and its sub-installers. */
    async installerChoices(caller: Caller, keyword: string | undefined, page: number, pageSize: number) {
      assertMay(caller, 'listBindingChoices');
      return repo.installerChoices(tenancy.held(caller), keyword, pageWindow(page, pageSize));
    },

    /** End users of the caller's tree, or of one installer's tree in it (installers only). */
    async endUserChoices(
      caller: Caller,
      input: { keyword: string | undefined; installerId: number | undefined },
      page: number,
      pageSize: number,
    ) {
      assertMay(caller, 'listBindingChoices');
      let tree = tenancy.held(caller);
      if (input.installerId !== undefined) {
        const installer = await tenancy.accountInScope(caller, input.installerId);
        if (installer?.roleId !== RoleId.installer) throw new Refusal('9001');
        tree = tenancy.held(installer);
      }
      return repo.endUserChoices(tree, input.keyword, pageWindow(page, pageSize));
    },
  };
}

export type StationListService = ReturnType<typeof stationListService>;
