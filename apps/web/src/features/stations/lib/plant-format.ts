import { formatCo2, formatPercent, formatQuantity, GAP_TEXT } from '@helio/contracts';
import { figureText } from './format.ts';

/**
 * Texts of a plant's figures beyond power and energy (format.ts): rates, money, CO2 and
 * temperatures, all by the display rules of SPEC.md §9 (`@helio/contracts`).
 * A gap is '--', never 0.
 */

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A rate the API gives as 0–100 (self-consumption, autarky, SOC), with 1 decimal. */
export function percentText(pct: number | null | undefined): string {
  return figureText(formatPercent(isNumber(pct) ? pct / 100 : null));
}

/** CO2 saved: kg below 10,000 kg, t from there. */
export const co2Text = (kg: number | null | undefined) => figureText(formatCo2(kg));

/**
 * An amount in the station's currency, grouped and with the currency's sign in the interface
 * language, with the currency's own decimals (2 for EUR, none for CLP or JPY).
 */
export function moneyText(amount: number | null | undefined, currency: string, language: string): string {
  if (!isNumber(amount)) return GAP_TEXT;
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code the browser does not know.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A temperature in °C with 1 decimal. */
export function temperatureText(celsius: number | null | undefined): string {
  const text = formatQuantity(celsius, 'temperature');
  return text === GAP_TEXT ? GAP_TEXT : `${text} °C`;
}

/** Full-load hours (kWh per kWp), 2 decimals. */
export function hoursText(hours: number | null | undefined): string {
  const text = formatQuantity(hours, 'other');
  return text === GAP_TEXT ? GAP_TEXT : `${text} h`;
}

/** How long a charging session lasted (or lasts so far): "1 h 5 min" in the interface language. */
export function durationText(
  startIso: string,
  endIso: string | null,
  nowMs: number,
  language: string,
): string {
  const end = endIso ? Date.parse(endIso) : nowMs;
  const minutes = Math.max(0, Math.round((end - Date.parse(startIso)) / 60_000));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(minutes, 'minute');
}

/** An instant as a short date and time (no seconds) in the station's zone and the interface language. */
export function zonedDateTimeText(iso: string, zone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: zone,
    }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(iso),
    );
  }
}
