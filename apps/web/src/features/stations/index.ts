/**
 * What the station screens offer the others: how a plant's figures are written (power, energy,
 * money, shares, durations and times in the station's zone), a charger's state tag and a session's
 * end (or whether its car still charges), weekdays said in words and a detail section's title,
 * which the charging screens share.
 */

export { PileStateTag, SessionEnd } from './components/pile-overview.tsx';
export { SectionTitle } from './components/section-title.tsx';
export { weekdayName, weekdaysText } from './components/tariff/tariff-bar.ts';
export { energyText, powerText } from './lib/format.ts';
export { durationText, moneyText, percentText, zonedDateTimeText } from './lib/plant-format.ts';
