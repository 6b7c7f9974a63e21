import { describe, expect, it } from 'vitest';
import {
  type AreaItem,
  cityCoverage,
  listAreas,
  listCurrencies,
  listTimezones,
  proposeTimezone,
} from '../src/domains/common/reference/index.ts';

const codes = (items: AreaItem[]) => items.map((item) => item.area_code);
const names = (items: AreaItem[]) => items.map((item) => item.name);

describe('currencies', () => {
  const currencies = listCurrencies();
  const byCode = new Map(currencies.map((currency) => [currency.currency_code, currency]));

  it('lists the ISO 4217 currencies with their minor-unit digits', () => {
    for (const code of ['EUR', 'PLN', 'CZK', 'CNY', 'USD']) expect(byCode.get(code)?.digits).toBe(2);
    expect(byCode.get('JPY')?.digits).toBe(0);
    expect(byCode.get('EUR')?.name).toBe('Euro');
    expect(currencies.length).toBeGreaterThan(150);
  });

  it('leaves out the metals, bond units and test codes', () => {
    for (const code of ['XAU', 'XAG', 'XBA', 'XTS', 'XXX']) expect(byCode.has(code)).toBe(false);
  });

  it('is sorted by code', () => {
    const list = currencies.map((currency) => currency.currency_code);
    expect(list).toEqual([...list].sort());
  });

  it('names the currencies in the requested language', () => {
    const chinese = listCurrencies({ language: 'zh-CN' });
    expect(chinese.find((currency) => currency.currency_code === 'EUR')?.name).toBe('欧元');
    const czech = listCurrencies({ language: 'cs' });
    expect(czech.find((currency) => currency.currency_code === 'CZK')?.name).toBe('česká koruna');
  });

  it('filters by code or name, ignoring case and accents', () => {
    expect(listCurrencies({ keyword: 'eur' }).map((currency) => currency.currency_code)).toContain('EUR');
    expect(
      listCurrencies({ language: 'pl', keyword: 'ZLOTY' }).map((currency) => currency.currency_code),
    ).toEqual(['PLN']);
    expect(listCurrencies({ keyword: 'no such money' })).toEqual([]);
  });
});

describe('time zones', () => {
  const january = new Date('2025-01-15T12:00:00Z');
  const july = new Date('2025-07-15T12:00:00Z');
  const find = (zone: string, now: Date) => listTimezones({ now }).find((item) => item.timezone === zone);

  it('gives the offset at the requested instant', () => {
    expect(find('Europe/Warsaw', january)).toEqual({
      timezone: 'Europe/Warsaw',
      utc_offset: '+01:00',
      offset_minutes: 60,
    });
    expect(find('Europe/Warsaw', july)).toMatchObject({ utc_offset: '+02:00', offset_minutes: 120 });
    expect(find('America/Sao_Paulo', july)).toMatchObject({ utc_offset: '-03:00', offset_minutes: -180 });
    expect(find('UTC', july)).toMatchObject({ utc_offset: '+00:00', offset_minutes: 0 });
  });

  it('uses the current IANA names where the runtime keeps old ones', () => {
    expect(find('Asia/Kolkata', january)).toMatchObject({ utc_offset: '+05:30', offset_minutes: 330 });
    expect(find('Asia/Kathmandu', january)).toMatchObject({ utc_offset: '+05:45', offset_minutes: 345 });
    expect(find('Europe/Kyiv', january)).toBeDefined();
    expect(find('Asia/Calcutta', january)).toBeUndefined();
    // An alias that is a place of its own keeps its name.
    expect(find('Europe/Amsterdam', january)).toBeDefined();
  });

  it('is sorted by offset, then name, without duplicates', () => {
    const zones = listTimezones({ now: january });
    expect(zones.length).toBeGreaterThan(400);
    expect(new Set(zones.map((zone) => zone.timezone)).size).toBe(zones.length);
    for (let i = 1; i < zones.length; i++) {
      const [a, b] = [zones[i - 1]!, zones[i]!];
      expect(
        a.offset_minutes < b.offset_minutes ||
          (a.offset_minutes === b.offset_minutes && a.timezone < b.timezone),
      ).toBe(true);
    }
  });

  it('filters by name or offset', () => {
    expect(listTimezones({ keyword: 'sao paulo' }).map((zone) => zone.timezone)).toEqual([
      'America/Sao_Paulo',
    ]);
    expect(listTimezones({ keyword: '+05:30', now: january }).map((zone) => zone.timezone)).toContain(
      'Asia/Kolkata',
    );
  });
});

describe('areas: countries', () => {
  it('lists the ISO 3166-1 countries', () => {
    const countries = listAreas();
    expect(countries.length).toBeGreaterThanOrEqual(245);
    expect(countries.length).toBeLessThanOrEqual(255);
    expect(
      countries.every((country) => country.level === 'country' && /^[A-Z]{2}$/.test(country.area_code)),
    ).toBe(true);
  });

  it('names and sorts them in the requested language', () => {
    const polish = listAreas({ language: 'pl' });
    expect(polish.find((country) => country.area_code === 'DE')?.name).toBe('Niemcy');
    const sorted = [...names(polish)].sort(new Intl.Collator('pl').compare);
    expect(names(polish)).toEqual(sorted);
    expect(listAreas({ language: 'zh-CN' }).find((country) => country.area_code === 'CN')?.name).toBe('中国');
    expect(listAreas({ language: 'it' }).find((country) => country.area_code === 'DE')?.name).toBe(
      'Germania',
    );
  });

  it('filters by name, ignoring case and accents', () => {
    expect(codes(listAreas({ language: 'pl', keyword: 'NIEMC' }))).toEqual(['DE']);
    expect(codes(listAreas({ language: 'cs', keyword: 'cesko' }))).toContain('CZ');
  });
});

describe('areas: subdivisions', () => {
  it('lists the first-level ISO 3166-2 subdivisions of a country', () => {
    const poland = listAreas({ countryCode: 'PL' });
    expect(poland).toHaveLength(16);
    expect(poland).toContainEqual({ area_code: 'PL-14', name: 'Mazowieckie', level: 'province' });
    expect(poland.every((province) => province.area_code.startsWith('PL-'))).toBe(true);
    expect(codes(listAreas({ countryCode: 'DE' }))).toContain('DE-BY');
    expect(codes(listAreas({ countryCode: 'cz' }))).toContain('CZ-64');
  });

  it('filters by name, ignoring case and accents', () => {
    expect(codes(listAreas({ countryCode: 'PL', keyword: 'mazow' }))).toEqual(['PL-14']);
    expect(codes(listAreas({ countryCode: 'PL', keyword: 'lodz' }))).toEqual(['PL-10']);
    expect(names(listAreas({ countryCode: 'CZ', keyword: 'cesky' }))).toContain('Jihočeský kraj');
  });
});

describe('areas: cities', () => {
  it('lists the cities of a subdivision with coordinates', () => {
    const masovia = listAreas({ countryCode: 'PL', provinceCode: 'PL-14' });
    expect(masovia.length).toBeGreaterThan(20);
    expect(masovia.every((city) => city.level === 'city' && Number.isFinite(city.latitude))).toBe(true);
    const warsaw = masovia.find((city) => city.name === 'Warszawa' || city.name === 'Warsaw');
    expect(warsaw?.latitude).toBeCloseTo(52.23, 1);
    expect(warsaw?.longitude).toBeCloseTo(21.01, 1);
    expect(names(masovia)).not.toContain('Kraków');
  });

  it('places cities whose region the list names in English', () => {
    expect(names(listAreas({ countryCode: 'DE', provinceCode: 'DE-BY' }))).toEqual(
      expect.arrayContaining(['Munich', 'Nuremberg', 'Augsburg']),
    );
    expect(names(listAreas({ countryCode: 'IT', provinceCode: 'IT-25' }))).toContain('Milan');
  });

  it('filters by name, ignoring case and accents', () => {
    expect(names(listAreas({ countryCode: 'CZ', provinceCode: 'CZ-31', keyword: 'cesky' }))).toContain(
      'Český Krumlov',
    );
    expect(names(listAreas({ countryCode: 'PL', provinceCode: 'PL-10', keyword: 'LODZ' }))).toContain('Łódź');
  });

  it('places most cities of the list in a subdivision', () => {
    const { listed, mapped } = cityCoverage();
    expect(mapped / listed).toBeGreaterThan(0.9);
  });
});

describe('areas: unknown codes', () => {
  it('answers an empty list', () => {
    expect(listAreas({ countryCode: 'ZZ' })).toEqual([]);
    expect(listAreas({ countryCode: 'PL', provinceCode: 'PL-99' })).toEqual([]);
    expect(listAreas({ countryCode: 'PL', provinceCode: 'DE-BY' })).toEqual([]);
    expect(listAreas({ countryCode: 'ZZ', provinceCode: 'ZZ-01' })).toEqual([]);
  });

  it('answers an empty list for a country without subdivisions', () => {
    expect(listAreas({ countryCode: 'VA' })).toEqual([]);
  });
});

describe('proposeTimezone', () => {
  it('takes the zone at the coordinates', () => {
    expect(proposeTimezone(52.23, 21.01)).toBe('Europe/Warsaw');
    expect(proposeTimezone(-23.55, -46.63)).toBe('America/Sao_Paulo');
    expect(proposeTimezone(31.23, 121.47)).toBe('Asia/Shanghai');
    expect(proposeTimezone(40.71, -74.0)).toBe('America/New_York');
    expect(proposeTimezone(34.05, -118.24, 'US')).toBe('America/Los_Angeles');
    // Broken Hill keeps South Australia's time inside New South Wales
    expect(proposeTimezone(-31.95, 141.45, 'AU')).toBe('Australia/Broken_Hill');
    expect(proposeTimezone(-33.87, 151.21, 'AU')).toBe('Australia/Sydney');
  });

  it('takes the zone of a country that has one when the place gives none of the country', () => {
    expect(proposeTimezone(Number.NaN, Number.NaN, 'PL')).toBe('Europe/Warsaw');
    expect(proposeTimezone(40.42, -3.7, 'PL')).toBe('Europe/Warsaw');
    expect(proposeTimezone(Number.NaN, Number.NaN, 'US')).toBeUndefined();
  });

  it("names a zone of the country by the country's own zone of the same offsets", () => {
    expect(proposeTimezone(52.37, 4.9, 'nl')).toBe('Europe/Amsterdam');
    // Maastricht, where the tz data's Europe/Brussels is also Dutch
    expect(proposeTimezone(50.85, 5.69, 'NL')).toBe('Europe/Amsterdam');
    // Crimea's clocks follow Europe/Simferopol (UTC+3 all year), not Kyiv's offsets
    expect(proposeTimezone(44.95, 34.1, 'UA')).toBe('Europe/Simferopol');
  });

  // Each point lies where the lookup's grid answers the neighbour's zone: the country decides.
  it('gives the zone of the given country at a border: Görlitz and Zgorzelec', () => {
    expect(proposeTimezone(51.123, 14.989, 'DE')).toBe('Europe/Berlin');
    expect(proposeTimezone(51.107, 14.985, 'PL')).toBe('Europe/Warsaw');
  });

  it('gives the zone of the given country at a border: Strasbourg and Kehl', () => {
    expect(proposeTimezone(48.5734, 7.7521, 'FR')).toBe('Europe/Paris');
    expect(proposeTimezone(48.553, 7.806, 'DE')).toBe('Europe/Berlin');
  });

  it('gives the zone of the given country at a border: El Paso and Ciudad Juárez', () => {
    expect(proposeTimezone(31.75, -106.476, 'US')).toBe('America/Denver');
    expect(proposeTimezone(31.746, -106.484, 'MX')).toBe('America/Ciudad_Juarez');
  });

  it('gives a plant at sea the zone of its country, and open sea without one its nautical zone', () => {
    expect(proposeTimezone(54.5, 6.5, 'DE')).toBe('Europe/Berlin');
    expect(proposeTimezone(54.5, 6.5, 'NL')).toBe('Europe/Amsterdam');
    expect(proposeTimezone(30, -40)).toBe('Etc/GMT+3');
  });

  it('answers undefined for coordinates out of range in a country of several zones', () => {
    expect(proposeTimezone(91, 0, 'US')).toBeUndefined();
    expect(proposeTimezone(0, 181)).toBeUndefined();
  });

  it('answers names of the time zone list', () => {
    const zones = new Set(listTimezones().map((zone) => zone.timezone));
    for (const [latitude, longitude, country] of [
      [22.57, 88.36, undefined],
      [22.57, 88.36, 'IN'],
      [50.45, 30.52, 'UA'],
    ] as const) {
      const proposed = proposeTimezone(latitude, longitude, country);
      expect(zones.has(proposed!), `${proposed}`).toBe(true);
    }
    expect(proposeTimezone(22.57, 88.36)).toBe('Asia/Kolkata');
    expect(proposeTimezone(50.45, 30.52, 'UA')).toBe('Europe/Kyiv');
  });
});
