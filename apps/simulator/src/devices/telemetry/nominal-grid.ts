/** The grid a site is connected to, from its time zone: voltages and frequency the devices report around. */

export interface NominalGrid {
  /** Phase voltage, V. */
  phaseV: number;
  /** Line-to-line voltage of the three-phase supply, V. */
  lineV: number;
  frequencyHz: number;
}

/** Zones whose grid runs at 60 Hz (most of the Americas north of Argentina, Korea, Taiwan, …). */
const sixtyHertzZones = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Manaus',
  'America/Belem',
  'America/Bogota',
  'America/Lima',
  'America/Caracas',
  'America/Guayaquil',
  'America/Mexico_City',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Asia/Seoul',
  'Asia/Taipei',
  'Asia/Manila',
  'Asia/Riyadh',
];

/** The grid of a site from its zone: 230/400 V in Europe, 220/380 V elsewhere; 50 Hz unless listed. */
export function nominalGrid(timeZone: string): NominalGrid {
  const frequencyHz = sixtyHertzZones.includes(timeZone) ? 60 : 50;
  return timeZone.startsWith('Europe/')
    ? { phaseV: 230, lineV: 400, frequencyHz }
    : { phaseV: 220, lineV: 380, frequencyHz };
}
