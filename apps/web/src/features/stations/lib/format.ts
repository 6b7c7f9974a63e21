import { type Figure, formatEnergy, formatPower, GAP_TEXT } from '@helio/contracts';

/**
 * Texts of a station's figures. Power and energy follow the display rules of `@helio/contracts`
 * (SPEC.md §9); a gap is '--', never 0.
 */
export function figureText(figure: Figure<string>): string {
  return figure.value === GAP_TEXT ? GAP_TEXT : `${figure.value} ${figure.unit}`;
}

export const powerText = (watts: number | null | undefined) => figureText(formatPower(watts));
export const energyText = (kWh: number | null | undefined) => figureText(formatEnergy(kWh));

/** Installed capacity: up to 3 decimals, grouped in the interface language. */
export function capacityText(kWp: number | null | undefined, language: string): string {
  if (typeof kWp !== 'number' || !Number.isFinite(kWp)) return GAP_TEXT;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(kWp)} kWp`;
}

/** Unit price of a kWh in its currency, up to 4 decimals: "€0.2500/kWh" in English. */
export function priceText(price: number, currency: string, language: string): string {
  try {
    const money = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(price);
    return `${money}/kWh`;
  } catch {
    // A currency code the browser does not know.
    return `${price} ${currency}/kWh`;
  }
}

const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the interface language (the browser's ICU), else its ISO code. */
export function countryName(code: string, language: string): string {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  try {
    return regionNames.get(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Street 1, City, Province, Country": the parts a station has, in that order. */
export function placeText(
  station: { address: string; city: string | null; country_code: string },
  province: string | null,
  language: string,
): string {
  return [station.address, station.city, province, countryName(station.country_code, language)]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(', ');
}
