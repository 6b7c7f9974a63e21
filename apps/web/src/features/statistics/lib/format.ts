import { type Figure, formatCo2, formatEnergy, formatPower, GAP_TEXT } from '@helio/contracts';

/**
 * The dashboard's figures as text, by the display rules of `@helio/contracts` (SPEC.md §9):
 * kWh → MWh → GWh, kW → MW → GW, kg → t; a gap is '--', never 0.
 */

export function figureText(figure: Figure<string>): string {
  return figure.value === GAP_TEXT ? GAP_TEXT : `${figure.value} ${figure.unit}`;
}

export const energyText = (kWh: number | null | undefined) => figureText(formatEnergy(kWh));
export const powerText = (watts: number | null | undefined) => figureText(formatPower(watts));
export const co2Text = (kg: number | null | undefined) => figureText(formatCo2(kg));

/** Installed capacity in kWp, on the power scale: "9.60 kWp", "1.25 MWp". */
export function capacityText(kWp: number | null | undefined): string {
  const figure = formatPower(typeof kWp === 'number' ? kWp * 1000 : kWp);
  return figure.value === GAP_TEXT ? GAP_TEXT : `${figure.value} ${figure.unit}p`;
}

/** Yield per installed kWp over the performers' window, 2 decimals: "3.42 kWh/kWp". */
export function specificYieldText(kWhPerKwp: number, language: string): string {
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${number.format(kWhPerKwp)} kWh/kWp`;
}

/** An amount of money in its currency, to the cent, in the interface language. */
export function moneyText(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // a currency code the browser does not know
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A count, grouped in the interface language. */
export function countText(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/** The time of day the figures were read, in the browser's zone: the dashboard's "updated" line. */
export function clockText(iso: string, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return GAP_TEXT;
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    at,
  );
}
