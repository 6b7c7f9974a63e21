/**
 * What the charging screens offer the others: a station's wallbox sections (each charger's state,
 * remote acts, plan with its forecast, and the charging records), which the station detail of a
 * wallbox station or a storage station with a wallbox shows. Their texts are loaded with them:
 * src/locales/charging, with the control texts (device password, command progress) and the tariff
 * periods' names they share.
 */

export { ChargingSections, type ChargingSectionsProps } from './components/charging-sections.tsx';
