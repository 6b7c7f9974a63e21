import { type Figure, formatEnergy, formatPower, GAP_TEXT } from '@helio/contracts';

/**
 * Device figures as text, through the display rules of `@helio/contracts` (SPEC.md §9). A figure
 * without data is '--' alone, never 0 and never with a unit.
 */
export function figureText(figure: Figure<string>): string {
  return figure.value === GAP_TEXT ? GAP_TEXT : `${figure.value} ${figure.unit}`;
}

/** Power given in W, e.g. 5000 → "5.00 kW"; null → "--". */
export function powerText(watts: number | null | undefined): string {
  return figureText(formatPower(watts));
}

/** Energy given in kWh, e.g. 12.34 → "12.3 kWh"; null → "--". */
export function energyText(kWh: number | null | undefined): string {
  return figureText(formatEnergy(kWh));
}

/** A plain value that may be missing (Modbus address, firmware version): missing → "--". */
export function plainText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return GAP_TEXT;
  const text = String(value).trim();
  return text === '' ? GAP_TEXT : text;
}
