import { common } from '@helio/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/**
 * The reference lists of the station dialog (api/areainfo, api/com/currency, api/com/timezone),
 * read whole and kept for the session: they change with a release, not while the user works. The
 * names come in the Lang header's language, and a language switch refetches every query.
 */
const referenceKey = ['reference'] as const;
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export function useCountries(enabled = true) {
  return useQuery({
    queryKey: [...referenceKey, 'countries'],
    queryFn: ({ signal }) => call(common.areainfo, {}, { signal }),
    select: (page) => page.list,
    enabled,
    ...forever,
  });
}

export function useProvinces(countryCode: string | undefined) {
  return useQuery({
    queryKey: [...referenceKey, 'provinces', countryCode],
    queryFn: ({ signal }) => call(common.areainfo, { country_code: countryCode }, { signal }),
    select: (page) => page.list,
    enabled: Boolean(countryCode),
    ...forever,
  });
}

/** The cities of a subdivision, with their coordinates: the picker's place search. */
export function useCities(provinceCode: string | undefined) {
  return useQuery({
    queryKey: [...referenceKey, 'cities', provinceCode],
    queryFn: ({ signal }) => call(common.areainfo, { province_code: provinceCode }, { signal }),
    select: (page) => page.list,
    enabled: Boolean(provinceCode),
    ...forever,
  });
}

export function useCurrencies() {
  return useQuery({
    queryKey: [...referenceKey, 'currencies'],
    queryFn: ({ signal }) => call(common.currency, {}, { signal }),
    select: (page) => page.list,
    ...forever,
  });
}

export function useTimezones() {
  return useQuery({
    queryKey: [...referenceKey, 'timezones'],
    queryFn: ({ signal }) => call(common.timezone, {}, { signal }),
    select: (page) => page.list,
    ...forever,
  });
}

/** A subdivision's name (ISO 3166-2 code → "Mazowieckie"); its code until the list arrives. */
export function useProvinceName(countryCode: string, provinceCode: string | null): string | null {
  const provinces = useProvinces(provinceCode ? countryCode : undefined);
  if (!provinceCode) return null;
  return provinces.data?.find((province) => province.area_code === provinceCode)?.name ?? provinceCode;
}
