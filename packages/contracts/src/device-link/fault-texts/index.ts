import { type Language, loadForLanguage } from '../../i18n.ts';
import enFaultTexts from './en.ts';

/**
 * The translated texts of the fault catalogue (faults.ts, PRODUCT.md §4): per fault a short name,
 * what the device detected, the likely causes and the advice, as an installer manual words them.
 * One file per language, each a chunk of its own; English is bundled as the fallback.
 */

/**
 * The `key` of every fault in `faultCatalogue`, written out so that each language file is checked
 * against it by the compiler (the catalogue's own keys are plain strings); the fault-texts test
 * keeps this list equal to the catalogue.
 */
export const faultKeys = [
  'grid_over_voltage',
  'grid_under_voltage',
  'grid_over_frequency',
  'grid_under_frequency',
  'grid_lost',
  'dc_injection_high',
  'phase_sequence_error',
  'current_transformer_reversed',
  'ac_output_overload',
  'pv_insulation_low',
  'residual_current_high',
  'pv_over_voltage',
  'pv_string_reversed',
  'pv_string_low_output',
  'dc_arc_fault',
  'over_temperature',
  'fan_fault',
  'temperature_sensor_fault',
  'battery_over_voltage',
  'battery_under_voltage',
  'cell_voltage_imbalance',
  'battery_over_temperature',
  'battery_under_temperature',
  'battery_over_current',
  'battery_contactor_fault',
  'meter_communication_lost',
  'bms_communication_lost',
  'part_communication_lost',
  'rs485_bus_error',
  'uplink_signal_weak',
  'ev_ground_fault',
  'ev_pilot_signal_error',
  'ev_over_current',
  'connector_lock_fault',
  'ev_relay_welded',
  'generator_start_failure',
  'generator_low_fuel',
  'generator_overload',
  'sts_switch_failure',
  'sts_on_bypass',
] as const;
export type FaultKey = (typeof faultKeys)[number];

/** The texts of one fault in one language. */
export interface FaultText {
  /** Short name for lists and notifications, at most 40 characters. */
  name: string;
  /** What the device detected, with the usual threshold where one applies. */
  details: string;
  /** The likely causes. */
  cause: string;
  /** What the owner can check, when to call the installer, and what the installer measures. */
  advice: string;
}

export type FaultTexts = Record<FaultKey, FaultText>;

export { enFaultTexts };

/** Loads one language's fault texts (English at once, the others as their own chunks). */
export function loadFaultTexts(language: Language): Promise<FaultTexts> {
  return loadForLanguage(
    {
      en: async () => ({ default: enFaultTexts }),
      'zh-CN': () => import('./zh-CN.ts'),
      pl: () => import('./pl.ts'),
      cs: () => import('./cs.ts'),
      it: () => import('./it.ts'),
    },
    language,
  );
}
